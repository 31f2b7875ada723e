import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { failureText } from '../../../lib/api/failure-text.ts';
import { settingsFailures, useResetSettingsMutation } from '../../../lib/settings/settings.api.ts';
import { zoneLabel } from '../../../lib/settings/timezones.ts';

/** Back to spec.md §9's defaults, after a confirmation: the time zone goes back to the default too. */
export const ResetSection = () => {
  const [resetSettings, { isLoading, error, reset }] = useResetSettingsMutation();
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();

  const confirm = async () => {
    const result = await resetSettings();
    if ('error' in result) return;
    setConfirming(false);
    toast.success('Your settings are back to their defaults.', { title: 'Settings reset' });
  };

  return (
    <section className="panel settings-section settings-section--danger" aria-labelledby="reset-title">
      <div className="panel__header">
        <h2 id="reset-title" className="panel__title">
          Reset
        </h2>
        <p className="panel__subtitle">Theme, time zone, day start, week start and statuses back to their defaults.</p>
      </div>
      <div>
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            reset();
            setConfirming(true);
          }}
        >
          Reset to defaults
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Reset all settings?"
          confirmLabel="Reset"
          pending={isLoading}
          error={error ? failureText(error, settingsFailures.reset) : undefined}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            The theme goes back to System, weeks start on Sunday, statuses to their usual order, all shown, and your time zone to {zoneLabel(DEFAULT_TIMEZONE)}.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
};
