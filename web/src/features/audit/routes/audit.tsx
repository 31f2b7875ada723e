import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card } from '../../../components/states/card.tsx';
import { QueryStatus } from '../../../components/states/query-states.tsx';
import { auditFailure, useGetPointsAuditQuery } from '../api/audit.api.ts';
import { type AsOfChoice, asOfInstant, choiceFromParams, describeChoice, paramsOfChoice } from '../model/as-of.ts';
import { AsOfPicker } from '../components/as-of-picker.tsx';
import { historyOf, mismatchedPositions, runningTotals, type EntryOrder } from '../model/audit-timeline.ts';
import { EntriesTable } from '../components/entries-table.tsx';
import { NoPointsYet } from '../components/no-points-yet.tsx';
import { OrderToggle } from '../components/order-toggle.tsx';
import { RunningTotalChart } from '../components/running-total-chart.tsx';
import { useToday } from '../../../lib/settings/use-today.ts';
import { VerdictCard } from '../components/verdict-card.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import './audit.css';

const countOf = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Proof for every point: the user's awards and revocations replayed from the event log, the
 * running total they add up to, and the verdict of the audit (the events, the rules and the ledger
 * agree, or what does not). The as-of moment lives in the address, so a reload or a link keeps it.
 */
export const AuditRoute = () => {
  // Moments shown and picked in the zone today counts in (the server's calendar, as every route and screen
  // counts): a zone changed for tomorrow on shows from tomorrow, here as on the dashboard.
  const { date: today, timezone: zone } = useToday();
  const [params, setParams] = useSearchParams();
  const choice = choiceFromParams({ date: params.get('date'), time: params.get('time') });
  const asOf = choice ? asOfInstant(choice, zone) : undefined;
  const [order, setOrder] = useState<EntryOrder>('newest');
  // The audit reads the log as it is now: always asked again when the page opens.
  const query = useGetPointsAuditQuery({ asOf }, { refetchOnMountOrArgChange: true });
  const { currentData: audit, error, isFetching, refetch, fulfilledTimeStamp } = query;
  const scope = choice ? `as of ${describeChoice(choice)}` : 'up to now';

  const changeChoice = (next: AsOfChoice | undefined) => setParams(paramsOfChoice(next), { replace: true });
  // A new as-of moment has no data until its answer: loading, not the last moment's audit.
  const status = (
    <QueryStatus
      query={{ data: audit, error, isLoading: isFetching, isFetching, refetch }}
      failure={auditFailure}
      loading="Checking your points against every action you took…"
    />
  );

  const rows = audit ? runningTotals(audit.entries) : [];
  const freezes = audit?.freezes ?? [];
  const isEmpty = audit !== undefined && audit.entries.length === 0 && audit.mismatches.length === 0 && audit.ledgerTotal === 0 && freezes.length === 0;
  const awards = rows.filter((row) => row.points > 0).length;
  // Freezes award nothing, but they are why a streak stood: they belong in the history, said so.
  const frozen = freezes.length === 0 ? '' : ` · ${countOf(freezes.length, 'freeze, which awards', 'freezes, which award')} nothing`;
  const end = asOf ? Date.parse(asOf) : (fulfilledTimeStamp ?? rows.at(-1)?.time ?? 0);

  return (
    <div className="page audit">
      <title>Points audit · Points Tracker</title>
      <PageHeader className="audit__header" eyebrow="Your points, checked against every action you took" title="Points audit">
        <AsOfPicker choice={choice} today={today} zone={zone} onChange={changeChoice} />
      </PageHeader>

      <VerdictCard audit={audit} scope={scope} failed={audit === undefined && !isFetching && error !== undefined} status={status} />

      {audit &&
        (isEmpty ? (
          choice ? (
            <Card id="audit-empty" title="Nothing earned by then">
              <p className="audit__empty">No points had been earned {scope}. Clear the date to see the present.</p>
            </Card>
          ) : (
            <NoPointsYet />
          )
        ) : (
          <>
            <Card id="audit-timeline" title="Running total" subtitle={`Your points over time, ${scope}`}>
              {rows.length === 0 ? <p className="audit__empty">No award or revocation {scope}.</p> : <RunningTotalChart rows={rows} end={end} zone={zone} />}
            </Card>
            <Card
              id="audit-entries"
              title="Awards and revocations"
              subtitle={`${countOf(awards, 'award', 'awards')}, ${countOf(rows.length - awards, 'revocation', 'revocations')}${frozen}`}
              actions={rows.length + freezes.length > 1 ? <OrderToggle order={order} onChange={setOrder} /> : undefined}
            >
              {rows.length + freezes.length === 0 ? (
                <p className="audit__empty">No award or revocation {scope}.</p>
              ) : (
                <EntriesTable rows={historyOf(rows, freezes)} order={order} zone={zone} today={today} flagged={mismatchedPositions(audit.mismatches)} />
              )}
            </Card>
          </>
        ))}
    </div>
  );
};
