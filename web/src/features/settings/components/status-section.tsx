import { settingsStatuses, type Settings, type SettingsStatus, type StatusSettings } from '@tracker/contracts/settings/http';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { failureWithFields, type FieldLabels } from '../../../components/form/form-errors.ts';
import { settingsFailures, useChangeStatusSettingsMutation } from '../../../lib/settings/settings.api.ts';
import { orderedStatuses, withPriority } from '../../../lib/settings/status-order.ts';

export const statusNames: Record<SettingsStatus, string> = {
  'in-progress': 'In progress',
  pending: 'Pending',
  'not-approached': 'Not approached',
  completed: 'Completed',
};

const ranks = settingsStatuses.map((_, index) => index + 1);

/** What the server's field errors are led by: the controls' own names ('Priority of Pending'), never 'statusSettings.pending.priority'. */
const statusFieldLabels: FieldLabels = Object.fromEntries(
  settingsStatuses.flatMap((status) => [
    [`statusSettings.${status}`, statusNames[status]],
    [`statusSettings.${status}.priority`, `Priority of ${statusNames[status]}`],
    [`statusSettings.${status}.visible`, `Show ${statusNames[status]}`],
    [`statusSettings.${status}.color`, `Colour of ${statusNames[status]}`],
  ]),
);

const sameSettings = (a: StatusSettings, b: StatusSettings) => settingsStatuses.every((status) => JSON.stringify(a[status]) === JSON.stringify(b[status]));

/**
 * How lists order and show statuses: a rank 1–4 each (picking a taken rank swaps the two), whether
 * its items are shown, and its colour. Edited as a whole and saved together.
 */
export const StatusSection = ({ settings }: { settings: Settings }) => {
  const [changeStatusSettings, { isLoading }] = useChangeStatusSettingsMutation();
  const toast = useToast();
  const [draft, setDraft] = useState<StatusSettings>(settings.statusSettings);
  // Rows stay where they are while editing (focus does not jump); the line under the table previews the order.
  const rows = orderedStatuses(settings.statusSettings);
  const changed = !sameSettings(draft, settings.statusSettings);
  const edit = (status: SettingsStatus, changes: Partial<StatusSettings[SettingsStatus]>) =>
    setDraft((current) => ({ ...current, [status]: { ...current[status], ...changes } }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await changeStatusSettings(draft);
    if ('error' in result) toast.error(failureWithFields(result.error, settingsFailures.change, statusFieldLabels));
    else toast.success('Lists follow your new order.', { title: 'Statuses saved' });
  };

  return (
    <section className="panel settings-section" aria-labelledby="statuses-title">
      <div className="panel__header">
        <h2 id="statuses-title" className="panel__title">
          Statuses
        </h2>
        <p className="panel__subtitle">Lists show statuses in this order (1 first) and leave out the ones you hide.</p>
      </div>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="status-table" role="table" aria-label="Status settings">
          <div className="status-table__row status-table__row--head" role="row">
            <span role="columnheader">Status</span>
            <span role="columnheader">Priority</span>
            <span role="columnheader">Shown</span>
            <span role="columnheader">Colour</span>
          </div>
          {rows.map((status) => {
            const setting = draft[status];
            const name = statusNames[status];
            return (
              <div key={status} className="status-table__row" role="row" data-testid={`status-setting-${status}`}>
                <span role="rowheader" className="status-table__name">
                  <span className="status-table__dot" style={{ background: setting.color }} aria-hidden="true" />
                  {name}
                </span>
                <span role="cell">
                  <select
                    className="field__input field__select status-table__select"
                    aria-label={`Priority of ${name}`}
                    value={setting.priority}
                    onChange={(event) => setDraft((current) => withPriority(current, status, Number(event.target.value)))}
                  >
                    {ranks.map((rank) => (
                      <option key={rank} value={rank}>
                        {rank}
                      </option>
                    ))}
                  </select>
                </span>
                <span role="cell">
                  <label className="status-table__check">
                    <input type="checkbox" checked={setting.visible} onChange={(event) => edit(status, { visible: event.target.checked })} />
                    <span className="visually-hidden">Show {name}</span>
                  </label>
                </span>
                <span role="cell">
                  <input
                    type="color"
                    className="status-table__color"
                    aria-label={`Colour of ${name}`}
                    value={setting.color.length === 4 ? `#${[...setting.color.slice(1)].map((digit) => digit + digit).join('')}` : setting.color}
                    onChange={(event) => edit(status, { color: event.target.value.toUpperCase() })}
                  />
                </span>
              </div>
            );
          })}
        </div>
        <p className="status-order" data-testid="status-order">
          Order:{' '}
          {orderedStatuses(draft)
            .map((status) => `${statusNames[status]}${draft[status].visible ? '' : ' (hidden)'}`)
            .join(' → ')}
        </p>
        <div className="form__actions">
          {changed && (
            <button type="button" className="button button--ghost" onClick={() => setDraft(settings.statusSettings)} disabled={isLoading}>
              Undo changes
            </button>
          )}
          <SubmitButton pending={isLoading}>Save statuses</SubmitButton>
        </div>
      </form>
    </section>
  );
};
