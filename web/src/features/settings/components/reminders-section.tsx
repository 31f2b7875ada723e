import { useState } from 'react';
import { useSelector } from 'react-redux';
import type { Settings } from '@tracker/contracts/settings/http';
import { selectCurrentUser } from '../../../lib/auth/auth.slice.ts';
import { NOTIFICATIONS_ENABLED_EVENT, notificationAccess, type NotificationAccess } from '../../../lib/reminders/notification-permission.ts';
import { useChangeSettingsMutation } from '../../../lib/settings/settings.api.ts';
import { useOptimisticSetting } from '../hooks/use-optimistic-setting.ts';
import { SettingsSection } from './settings-section.tsx';
import './reminders-section.css';

const accessNotes: Record<Exclude<NotificationAccess, 'default'>, string> = {
  granted: 'Notifications are on in this browser: reminders appear at their time while the app is open, in a tab or installed.',
  denied: 'This browser blocks notifications from this site. Allow them in the site settings of your browser, then come back here.',
  unsupported: 'This browser cannot show notifications. Reminder mail still works.',
};

/**
 * Reminders: an item's reminder time fires on the day it is due, in the user's zone — as a
 * notification in this browser (asked for only when the button is pressed) and, when turned on, by mail.
 */
export const RemindersSection = ({ settings }: { settings: Settings }) => {
  const [changeSettings, { isLoading }] = useChangeSettingsMutation();
  const email = useSelector(selectCurrentUser)?.email;
  const [access, setAccess] = useState<NotificationAccess>(notificationAccess);
  const [asking, setAsking] = useState(false);
  const { shown: mailed, toggle: toggleMail } = useOptimisticSetting('emailReminders', settings, changeSettings, {
    on: { title: 'Reminder mail on', text: 'Each reminder is mailed to you at its time.' },
    off: { title: 'Reminder mail off', text: 'Reminders are no longer mailed.' },
  });

  const turnOnNotifications = async () => {
    setAsking(true);
    try {
      const answer = await window.Notification.requestPermission();
      setAccess(answer);
      if (answer === 'granted') window.dispatchEvent(new Event(NOTIFICATIONS_ENABLED_EVENT));
    } finally {
      setAsking(false);
    }
  };

  return (
    <SettingsSection
      id="reminders"
      title="Reminders"
      header={<p className="panel__subtitle">A to-do or habit with a reminder time reminds you at that time, in your time zone, on the day it is due.</p>}
    >
      <div className="reminders">
        <div className="reminders__row">
          <h3 className="reminders__label">In this browser</h3>
          {access === 'default' ? (
            <>
              <p className="field__hint" id="reminders-notify-hint">
                Your browser asks once whether this site may show notifications.
              </p>
              <div>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-describedby="reminders-notify-hint"
                  disabled={asking}
                  onClick={() => void turnOnNotifications()}
                >
                  {asking && <span className="spinner" aria-hidden="true" />}
                  Turn on notifications
                </button>
              </div>
            </>
          ) : (
            <p className="field__hint" data-testid="reminders-notify-state" role="status">
              {accessNotes[access]}
            </p>
          )}
        </div>
        <div className="reminders__row">
          <h3 className="reminders__label">By mail</h3>
          <label className="reminders__check">
            <input type="checkbox" name="emailReminders" checked={mailed} disabled={isLoading} onChange={(event) => void toggleMail(event.target.checked)} />
            Email me reminders
          </label>
          <p className="field__hint">{email ? `One mail per reminder, at its time, to ${email}.` : 'One mail per reminder, at its time.'}</p>
        </div>
      </div>
    </SettingsSection>
  );
};
