import type { Today } from '../../../lib/settings/use-today.ts';
import { useStatusSettings } from '../../../lib/settings/use-status-settings.ts';
import { useGetActionableQuery } from '../api/actionables.api.ts';
import { ActionableItem } from './actionable-item.tsx';
import { useDeleted } from '../../../lib/offline/use-without-deleted.ts';

interface JustAddedProps {
  /** Items created on this visit that the chosen view does not hold (no deadline, another day). */
  ids: readonly string[];
  today: Today;
  linkTitles: ReadonlyMap<string, string>;
  onShowAll: () => void;
}

const JustAddedItem = ({ id, today, linkTitles }: { id: string; today: Today; linkTitles: ReadonlyMap<string, string> }) => {
  const { data: item } = useGetActionableQuery(id);
  const { colorOf } = useStatusSettings();
  const deleted = useDeleted(id);
  return item && !deleted ? <ActionableItem item={item} statusColor={colorOf(item.status)} today={today} linkTitles={linkTitles} /> : null;
};

/**
 * What was just added but is not in this view stays in sight until the page is left, with the way
 * to the view that holds it (it vanished behind a toast).
 */
export const JustAdded = ({ ids, today, linkTitles, onShowAll }: JustAddedProps) =>
  ids.length === 0 ? null : (
    <section className="act-just-added" aria-labelledby="act-just-added-title" data-testid="actionables-just-added">
      <div className="act-just-added__header">
        <h2 id="act-just-added-title" className="act-just-added__title">
          Added just now, not in this view
        </h2>
        <button type="button" className="button button--small button--secondary" onClick={onShowAll}>
          Show all actionables
        </button>
      </div>
      <ul className="act-list" aria-label="Added just now">
        {ids.map((id) => (
          <JustAddedItem key={id} id={id} today={today} linkTitles={linkTitles} />
        ))}
      </ul>
    </section>
  );
