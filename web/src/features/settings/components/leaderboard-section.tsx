import { useState, type FormEvent } from 'react';
import type { Settings } from '@tracker/contracts/settings/http';
import { errorAt } from '../../../components/form/form-errors.ts';
import { failureText } from '../../../lib/api/failure-text.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { settingsFailures, useChangeSettingsMutation } from '../../../lib/settings/settings.api.ts';
import { useOptimisticSetting } from '../hooks/use-optimistic-setting.ts';
import { SettingsSection } from './settings-section.tsx';
import './reminders-section.css';

/**
 * Whether the user appears on the leaderboard, and under which name (blank: their own). Others see
 * only that name and the total; leaving it takes the user off every viewer's board at once.
 */
export const LeaderboardSection = ({ settings }: { settings: Settings }) => {
  const [changeSettings, { isLoading, originalArgs, error }] = useChangeSettingsMutation();
  const toast = useToast();
  const [name, setName] = useState(settings.leaderboardName ?? '');
  const { shown, toggle } = useOptimisticSetting('leaderboardVisible', settings, changeSettings, {
    on: { title: 'On the leaderboard', text: 'Others see you and your total on the leaderboard.' },
    off: { title: 'Off the leaderboard', text: 'No one sees you on the leaderboard now.' },
  });
  const nameError = errorAt(fieldErrors(error), 'leaderboardName');
  const savingName = isLoading && originalArgs?.leaderboardName !== undefined;

  const saveName = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = name.trim() === '' ? null : name.trim();
    const result = await changeSettings({ leaderboardName: chosen });
    if ('error' in result) {
      if (!errorAt(fieldErrors(result.error), 'leaderboardName')) toast.error(failureText(result.error, settingsFailures.change));
      return;
    }
    setName(chosen ?? '');
    toast.success(chosen ? `Shown as “${chosen}”.` : 'Shown under your own name.', { title: 'Leaderboard name saved' });
  };

  return (
    <SettingsSection
      id="leaderboard-presence"
      title="Leaderboard"
      header={<p className="panel__subtitle">Others on the leaderboard see a name and a points total, nothing else.</p>}
    >
      <div className="reminders">
        <label className="reminders__check">
          <input type="checkbox" name="leaderboardVisible" checked={shown} disabled={isLoading} onChange={(event) => void toggle(event.target.checked)} />
          Show me on the leaderboard
        </label>
        <form className="reminders__row" onSubmit={(event) => void saveName(event)} noValidate>
          <TextField
            label="Name shown there"
            name="leaderboardName"
            value={name}
            maxLength={40}
            autoComplete="nickname"
            placeholder={settings.leaderboardName === null ? 'Your own name' : undefined}
            hint="Blank: your own name. At most 40 characters."
            error={nameError}
            disabled={!shown}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="button button--secondary" disabled={!shown || isLoading} aria-busy={savingName || undefined}>
            {savingName && <span className="spinner" aria-hidden="true" />}
            Save name
          </button>
        </form>
      </div>
    </SettingsSection>
  );
};
