import type { AuditMismatch, PointsAudit } from '@tracker/contracts/points/audit';
import type { ReactNode } from 'react';
import { signedPoints } from '../model/audit-timeline.ts';
import { StatTiles } from '../../../components/stat-tiles/stat-tiles.tsx';
import './verdict-card.css';

const totals = (audit: PointsAudit) =>
  [
    {
      id: 'audit-recorded-total',
      label: 'Recorded as you went',
      value: audit.recordedTotal,
      note: 'What each completion and take-back recorded',
      points: true,
    },
    {
      id: 'audit-recomputed-total',
      label: 'Worked out again',
      value: audit.recomputedTotal,
      note: 'Each action counted again by the rules it was scored under',
      points: true,
    },
    { id: 'audit-ledger-total', label: 'Your total', value: audit.ledgerTotal, note: 'What the dashboard and leaderboard show', points: true },
  ] as const;

const pointsOrNone = (points: number | null): string => (points === null ? 'none' : signedPoints(points));

const Mismatch = ({ mismatch }: { mismatch: AuditMismatch }) => (
  <li className="verdict__mismatch" data-testid="audit-mismatch">
    <p className="verdict__mismatch-reason">{mismatch.reason}</p>
    <dl className="verdict__mismatch-facts">
      <div>
        <dt>Action</dt>
        <dd>{mismatch.position === null ? 'none (points in your total that no action accounts for)' : <code>#{mismatch.position}</code>}</dd>
      </div>
      <div>
        <dt>Expected</dt>
        <dd>{pointsOrNone(mismatch.expected)}</dd>
      </div>
      <div>
        <dt>Found</dt>
        <dd>{pointsOrNone(mismatch.found)}</dd>
      </div>
    </dl>
  </li>
);

export interface VerdictCardProps {
  /** The audit, or undefined while it loads or when it failed (`status` says which). */
  audit: PointsAudit | undefined;
  /** 'up to now' or 'as of the end of Fri, Nov 20, 2026'. */
  scope: string;
  /** The audit could not be had (the status says why and offers a retry). */
  failed?: boolean;
  status?: ReactNode;
}

/**
 * The answer the page is for, first and large: every point accounted for, with the three totals
 * that agree, or a warning that lists each mismatch (the event, expected, found and why).
 */
export const VerdictCard = ({ audit, scope, failed = false, status }: VerdictCardProps) => {
  const consistent = audit?.consistent;
  const tone = audit === undefined ? 'pending' : consistent ? 'ok' : 'warning';
  return (
    <section className={`panel verdict verdict--${tone}`} aria-labelledby="audit-verdict-title" data-testid="audit-verdict">
      <div className="verdict__headline" aria-live="polite">
        <span className="round-mark verdict__icon" aria-hidden="true">
          {tone === 'ok' ? '✓' : tone === 'warning' || failed ? '!' : '…'}
        </span>
        <div>
          <h2 id="audit-verdict-title" className="verdict__title" data-testid="audit-verdict-title">
            {audit === undefined
              ? failed
                ? 'Could not check your points'
                : 'Checking your points…'
              : consistent
                ? 'Every point is accounted for'
                : 'Some points do not add up'}
          </h2>
          <p className="verdict__scope">
            {audit === undefined
              ? `Your points ${scope}.`
              : consistent
                ? `Your points ${scope}, checked against every action you took: what was recorded, the rules and your total agree.`
                : `Your points ${scope}, checked against every action you took: ${audit.mismatches.length === 1 ? 'one thing does' : `${audit.mismatches.length} things do`} not match.`}
          </p>
        </div>
      </div>
      {status}
      {audit && <StatTiles label="Totals" className="verdict__totals" tiles={totals(audit)} />}
      {audit && audit.mismatches.length > 0 && (
        <div className="verdict__mismatches">
          <h3 className="verdict__subtitle">What does not match</h3>
          <ul className="verdict__mismatch-list" aria-label="Mismatches">
            {audit.mismatches.map((mismatch, index) => (
              <Mismatch key={`${mismatch.position ?? 'ledger'}-${index}`} mismatch={mismatch} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
};
