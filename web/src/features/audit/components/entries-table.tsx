import { useState, type ReactNode } from 'react';
import type { LocalDate } from '../../../lib/dates/local-date.ts';
import {
  freezeReason,
  frozenHabits,
  historyKey,
  inOrder,
  signedPoints,
  sourceLabel,
  type EntryOrder,
  type FreezeMoment,
  type HistoryRow,
} from '../model/audit-timeline.ts';
import type { AuditEntry } from '@tracker/contracts/points/audit';
import { ColumnHeads } from '../../../components/tables/column-heads.tsx';
import { receiptWords } from '../../../lib/points/receipt-words.ts';
import './entries-table.css';

const numberFormat = new Intl.NumberFormat();

/** Rows drawn at first and per 'Show more': years of history must not make the page crawl. */
export const ENTRIES_PAGE = 100;
const formats = new Map<string, Intl.DateTimeFormat>();

/** An instant as date and time in the user's zone. */
const momentIn = (iso: string, zone: string): string => {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
    formats.set(zone, format);
  }
  return format.format(new Date(iso));
};

/** A cell whose label shows beside its value when rows stack (its column header says it otherwise). */
const Cell = ({ label, className, testId, children }: { label: string; className?: string; testId?: string; children: ReactNode }) => (
  <td data-label={label} className={className} data-testid={testId}>
    <div className="entries__value">{children}</div>
  </td>
);

export interface EntriesTableProps {
  /** The awards and revocations, with the freezes set and cancelled among them (historyOf). */
  rows: readonly HistoryRow[];
  order: EntryOrder;
  zone: string;
  /** The user's today: a freeze's days show their year only when it is not this one. */
  today: LocalDate;
  /** Entries a mismatch names. */
  flagged: ReadonlySet<string>;
}

const columns = [
  { label: 'When' },
  { label: 'Points', className: 'entries__number' },
  { label: 'Source' },
  { label: 'Reason' },
  { label: 'Worked out as' },
  { label: 'Total', className: 'entries__number' },
];

/** A freeze set or cancelled, in the history's columns: no points, the habits it covers, its days, and that it awards nothing. */
const FreezeRow = ({ moment, zone, today }: { moment: FreezeMoment; zone: string; today: LocalDate }) => (
  <tr className="entries__row entries__row--freeze" data-testid="audit-freeze" data-freeze-id={moment.freeze.freezeId} data-what={moment.what}>
    <Cell label="When">
      <time dateTime={moment.occurredAt}>{momentIn(moment.occurredAt, zone)}</time>
    </Cell>
    <Cell label="Points" className="entries__number">
      <span className="entries__points entries__muted">0</span>
      <span className="visually-hidden"> points: a freeze awards nothing</span>
    </Cell>
    <Cell label="Source">
      <span className="entries__kind tone-info">{moment.what === 'set' ? 'Freeze' : 'Freeze cancelled'}</span>{' '}
      <span className="entries__title">{frozenHabits(moment.freeze)}</span>
    </Cell>
    <Cell label="Reason" className="entries__reason">
      {freezeReason(moment, today)}
    </Cell>
    <Cell label="Worked out as">
      <span className="entries__muted">awards nothing</span>
    </Cell>
    <Cell label="Total" className="entries__number entries__total">
      {numberFormat.format(moment.total)}
    </Cell>
  </tr>
);

/**
 * How it was worked out: an award's receipt in words ('weight 2 × 10, halved: 1 day
 * late'); a revocation's, that of the award it takes back, and when that award was.
 */
const RulesOf = ({ entry, award, zone }: { entry: AuditEntry; award: AuditEntry | undefined; zone: string }) => {
  // The rules' version is for the curious (a tooltip), not words for people: 'weight 2 × 10', not 'v1 · weight 2 × 10'.
  const version = entry.rulesVersion === null ? undefined : `Scored under rules version ${entry.rulesVersion}`;
  if (entry.points < 0) {
    return (
      <span className="entries__muted" title={version}>
        takes back the award{award ? ` of ${momentIn(award.occurredAt, zone)}` : ''}
      </span>
    );
  }
  return <span title={version}>{entry.receipt ? receiptWords(entry.receipt) : 'as awarded then'}</span>;
};

/**
 * Every award and revocation: when, how many points, what earned them, why, by which rules version,
 * and the total after it; each freeze set or cancelled among them, awarding nothing. Rows stack into
 * cards on a narrow screen (each cell says what it is).
 */
export const EntriesTable = ({ rows, order, zone, today, flagged }: EntriesTableProps) => {
  const [limit, setLimit] = useState(ENTRIES_PAGE);
  const ordered = inOrder(rows, order);
  // A revocation names the award it takes back by its position: that award's row, to say when it was.
  const awards = new Map(rows.flatMap((row) => (row.kind === 'freeze' ? [] : [[row.position, row] as const])));
  const more = Math.min(ENTRIES_PAGE, ordered.length - limit);
  return (
    <div className="entries">
      <table className="entries__table" aria-label="Awards and revocations">
        <ColumnHeads columns={columns} />
        <tbody>
          {ordered.slice(0, limit).map((row) => {
            if (row.kind === 'freeze') return <FreezeRow key={historyKey(row)} moment={row} zone={zone} today={today} />;
            const source = sourceLabel(row);
            const isFlagged = flagged.has(row.position);
            return (
              <tr
                key={row.position}
                className={`entries__row${row.points < 0 ? ' entries__row--revoked' : ''}${isFlagged ? ' entries__row--flagged' : ''}`}
                data-testid="audit-entry"
                data-position={row.position}
              >
                <Cell label="When">
                  <time dateTime={row.occurredAt}>{momentIn(row.occurredAt, zone)}</time>
                </Cell>
                <Cell label="Points" className="entries__number">
                  <span className={`entries__points ${row.points < 0 ? 'tone-danger' : 'tone-points'}`} data-testid="audit-entry-points">
                    {signedPoints(row.points)}
                  </span>
                  <span className="visually-hidden">{row.points < 0 ? ' points taken back' : ' points awarded'}</span>
                </Cell>
                <Cell label="Source">
                  <span className="entries__kind tone-primary">{source.kind}</span> <span className="entries__title">{source.title}</span>
                </Cell>
                <Cell label="Reason" className="entries__reason">
                  {row.reason}
                  {isFlagged && <span className="entries__flag"> · does not match, see the verdict</span>}
                </Cell>
                <Cell label="Worked out as">
                  <RulesOf entry={row} award={row.revokes ? awards.get(row.revokes.position) : undefined} zone={zone} />
                </Cell>
                <Cell label="Total" className="entries__number entries__total" testId="audit-entry-total">
                  {numberFormat.format(row.total)}
                </Cell>
              </tr>
            );
          })}
        </tbody>
      </table>
      {more > 0 && (
        <div className="entries__more">
          <p className="entries__muted">
            Showing {numberFormat.format(limit)} of {numberFormat.format(ordered.length)} entries.
          </p>
          <button type="button" className="button button--secondary button--small" onClick={() => setLimit(limit + ENTRIES_PAGE)}>
            Show {more} more
          </button>
        </div>
      )}
    </div>
  );
};
