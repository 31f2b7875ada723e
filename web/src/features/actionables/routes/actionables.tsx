import type { ActionableStatus } from '@tracker/contracts/actionables/http';
import { useState } from 'react';
import type { ActionablesView } from '../api/actionables.api.ts';
import { ActionablesList } from '../components/actionables-list.tsx';
import { ExportPanel } from '../components/export-panel.tsx';
import { DownloadIcon, PlusIcon, UploadIcon } from '../../../components/icons/icons.tsx';
import { ImportPanel } from '../components/import-panel.tsx';
import { addDays } from '../../../lib/dates/local-date.ts';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { NewActionableForm, newItemDraft } from '../components/new-actionable-form.tsx';
import { hasDraft } from '../../../lib/forms/drafts.ts';
import { allStatuses, StatusFilter } from '../components/status-filter.tsx';
import { useToday } from '../../../lib/settings/use-today.ts';
import { useReturnFocus } from '../hooks/use-return-focus.ts';
import { ViewPicker, type ViewChoice } from '../components/view-picker.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import './actionables.css';

type Panel = 'create' | 'import' | 'export' | undefined;

/** The list the choice asks for (undefined while a range runs backwards), and how the empty state names it. */
const viewOf = (choice: ViewChoice, today: string, zone: string): { view: ActionablesView | undefined; name: string } => {
  switch (choice.kind) {
    case 'today':
      // The dashboard's Today: due today, overdue and open, done today, and the day's habits (one list, one "today").
      return { view: { kind: 'today', timezone: zone }, name: 'due today' };
    case 'date':
      return { view: { kind: 'date', date: choice.date, timezone: zone }, name: `due on ${formatLocalDate(choice.date)}` };
    case 'range':
      return {
        view: choice.endDate < choice.startDate ? undefined : { kind: 'range', startDate: choice.startDate, endDate: choice.endDate, timezone: zone },
        name: `from ${formatLocalDate(choice.startDate)} to ${formatLocalDate(choice.endDate)}`,
      };
    case 'all':
      return { view: { kind: 'all' }, name: 'yet' };
  }
};

/** To-dos with deadlines and weights: today's, a chosen date's, a range's or all; create, complete, import and export. */
export const ActionablesRoute = () => {
  // Today and its zone from the server's calendar, the day every route counts in.
  const userToday = useToday();
  const { date: today, timezone: zone } = userToday;
  const [choice, setChoice] = useState<ViewChoice>({ kind: 'today', date: today, startDate: addDays(today, -6), endDate: today });
  const [statuses, setStatuses] = useState<ActionableStatus[]>([...allStatuses]);
  // A half-typed new actionable (lib/forms/drafts.ts) opens its form again after a reload.
  const [panel, setPanel] = useState<Panel>(() => (hasDraft(newItemDraft(false)) ? 'create' : undefined));
  // Created on this visit: one the view does not hold stays in sight under it (it vanished behind a toast).
  const [justAdded, setJustAdded] = useState<string[]>([]);
  const { view, name } = viewOf(choice, today, zone);
  const importButton = useReturnFocus<HTMLButtonElement>(panel === 'import');
  const exportButton = useReturnFocus<HTMLButtonElement>(panel === 'export');
  const createButton = useReturnFocus<HTMLButtonElement>(panel === 'create');
  const toggle = (which: Exclude<Panel, undefined>) => setPanel((open) => (open === which ? undefined : which));

  const created = (id: string) => {
    setPanel(undefined);
    setJustAdded((ids) => [id, ...ids]);
  };

  return (
    <div className="page">
      <title>Actionables · Points Tracker</title>
      <PageHeader eyebrow="To-dos with deadlines and weights" title="Actionables">
        <div className="act-page__actions">
          <button type="button" className="button button--secondary" ref={importButton} aria-expanded={panel === 'import'} onClick={() => toggle('import')}>
            <UploadIcon />
            Import
          </button>
          <button type="button" className="button button--secondary" ref={exportButton} aria-expanded={panel === 'export'} onClick={() => toggle('export')}>
            <DownloadIcon />
            Export
          </button>
          <button type="button" className="button button--primary" ref={createButton} aria-expanded={panel === 'create'} onClick={() => toggle('create')}>
            <PlusIcon />
            New actionable
          </button>
        </div>
      </PageHeader>
      {panel === 'create' && <NewActionableForm habit={false} zone={zone} onCreated={(item) => created(item.id)} onCancel={() => setPanel(undefined)} />}
      {panel === 'import' && (
        <ImportPanel
          onImported={() => {
            setPanel(undefined);
            // Imported items keep their own dates: show them all, so none seems lost.
            setChoice((current) => ({ ...current, kind: 'all' }));
          }}
          onClose={() => setPanel(undefined)}
        />
      )}
      {panel === 'export' && <ExportPanel today={today} zone={zone} onClose={() => setPanel(undefined)} />}
      <div className="act-toolbar page-toolbar">
        <ViewPicker view={choice} onChange={setChoice} rangeError={view || choice.kind !== 'range' ? undefined : 'must not be before From'} />
        <StatusFilter selected={statuses} onChange={setStatuses} />
      </div>
      <ActionablesList
        view={view}
        viewName={name}
        statuses={statuses}
        today={userToday}
        onShowAllStatuses={() => setStatuses([...allStatuses])}
        onCreate={() => setPanel('create')}
        justAdded={justAdded}
        onShowAll={() => setChoice((current) => ({ ...current, kind: 'all' }))}
      />
    </div>
  );
};
