import { useAppSelector } from '../../../app/hooks.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { selectCurrentUser } from '../../../lib/auth/auth.slice.ts';
import { LEADERBOARD_SIZE, leaderboardFailure, useGetLeaderboardQuery } from '../api/leaderboard.api.ts';
import { LoadError, LoadingLine } from '../../../components/states/load-states.tsx';
import { ColumnHeads } from '../../../components/tables/column-heads.tsx';
import { Link } from 'react-router-dom';
import { useGetSettingsQuery } from '../../../lib/settings/settings.api.ts';
import './leaderboard.css';
import { PageHeader } from '../../../components/layouts/page-header.tsx';

const numberFormat = new Intl.NumberFormat();

const columns = [{ label: 'Rank' }, { label: 'Name' }, { label: 'Points', className: 'leaderboard__points' }];

/** The best totals: rank, name and points; the signed-in user's row stands out. */
export const LeaderboardRoute = () => {
  const me = useAppSelector(selectCurrentUser);
  const { data: entries, error, isLoading, isFetching, refetch } = useGetLeaderboardQuery(LEADERBOARD_SIZE, { refetchOnMountOrArgChange: 30 });
  const mine = entries?.find((entry) => entry.isCurrentUser);
  // Off the leaderboard by choice (Settings → Leaderboard): say so, not "not in the top 10 yet".
  const { data: settings } = useGetSettingsQuery();
  const hidden = settings?.leaderboardVisible === false;

  return (
    <div className="page page--narrow">
      <title>Leaderboard · Points Tracker</title>
      <PageHeader eyebrow="Everyone's total points" title="Leaderboard" />
      <section className="panel leaderboard" aria-labelledby="leaderboard-title">
        <h2 id="leaderboard-title" className="visually-hidden">
          Top {LEADERBOARD_SIZE}
        </h2>
        {isLoading ? (
          <LoadingLine>Loading the leaderboard…</LoadingLine>
        ) : !entries ? (
          <LoadError message={errorMessage(error, leaderboardFailure)} onRetry={() => void refetch()} retrying={isFetching} />
        ) : entries.length === 0 ? (
          <p className="leaderboard__empty">
            {hidden ? 'No one else is shown yet, and you chose not to be. ' : 'No one has earned points yet. Complete something to take first place.'}
            {hidden && <Link to="/settings#leaderboard-presence-title">Leaderboard settings</Link>}
          </p>
        ) : (
          <>
            {me && (
              <p className="leaderboard__you" data-testid="leaderboard-you">
                {hidden ? (
                  <>
                    You are not shown here: others do not see you. <Link to="/settings#leaderboard-presence-title">Leaderboard settings</Link>
                  </>
                ) : mine ? (
                  `You are number ${mine.rank} with ${numberFormat.format(mine.totalPoints)} points.`
                ) : (
                  `You are not in the top ${LEADERBOARD_SIZE} yet.`
                )}
              </p>
            )}
            {me && !hidden && (
              // Who the others see, and the way out, where the list is (issue 19, finding 10).
              <p className="leaderboard__presence" data-testid="leaderboard-presence">
                Others see you as “{settings?.leaderboardName ?? me.name}”. <Link to="/settings#leaderboard-presence-title">Change or hide</Link>
              </p>
            )}
            <table className="leaderboard__table">
              <caption className="visually-hidden">Leaderboard: rank, name and total points</caption>
              <ColumnHeads columns={columns} />
              <tbody>
                {entries.map((entry, index) => {
                  const isMe = entry.isCurrentUser;
                  return (
                    // The answer names no one (no ids) and ranks tie: a row is its place in the list.
                    <tr
                      key={index}
                      className={isMe ? 'leaderboard__row leaderboard__row--me' : 'leaderboard__row'}
                      aria-current={isMe ? 'true' : undefined}
                      data-testid={isMe ? 'leaderboard-me' : undefined}
                    >
                      <td>
                        <span className={`leaderboard__rank leaderboard__rank--${Math.min(entry.rank, 4)}`}>{entry.rank}</span>
                      </td>
                      <td className="leaderboard__name">
                        {entry.name}
                        {isMe && <span className="leaderboard__me-tag"> (you)</span>}
                      </td>
                      <td className="leaderboard__points">{numberFormat.format(entry.totalPoints)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </>
        )}
      </section>
    </div>
  );
};
