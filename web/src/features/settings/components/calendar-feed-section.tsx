import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { failureText } from '../../../lib/api/failure-text.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { calendarFeedFailures, useGetCalendarFeedUrlQuery, useRotateCalendarFeedUrlMutation } from '../api/calendar-feed.api.ts';
import { CopyField } from './copy-field.tsx';
import { SettingsLoadState } from './settings-load-state.tsx';
import './calendar-feed-section.css';

/**
 * The user's private calendar feed (issue 20): its address to copy into a calendar app, how to
 * subscribe, and a new address after a confirmation (the old one stops working at once).
 */
export const CalendarFeedSection = () => {
  const feed = useGetCalendarFeedUrlQuery();
  const { data: url } = feed;
  const [rotate, { isLoading: rotating, error: rotateError, reset }] = useRotateCalendarFeedUrlMutation();
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();

  const confirm = async () => {
    const result = await rotate();
    if ('error' in result) return;
    setConfirming(false);
    toast.success('Subscribe to the new address in your calendar apps; the old one no longer works.', { title: 'New feed address' });
  };

  return (
    <section className="panel settings-section" aria-labelledby="calendar-feed-title">
      <div className="panel__header">
        <h2 id="calendar-feed-title" className="panel__title">
          Calendar feed
        </h2>
        <p className="panel__subtitle">Your deadlines and habits in the calendar you already use, kept up to date.</p>
      </div>
      {url === undefined ? (
        <SettingsLoadState query={feed} failure={calendarFeedFailures.fetch} loading="Loading your feed address…" />
      ) : (
        <>
          <CopyField
            id="calendar-feed-url"
            label="Feed address"
            value={url}
            inputClassName="calendar-feed__url"
            describedBy="calendar-feed-private"
            copied={{ title: 'Feed address copied', text: 'Paste it into your calendar app to subscribe.' }}
            selected={{ title: 'Copy the address', text: 'The address is selected: copy it with your keyboard or menu.' }}
          />
          <p id="calendar-feed-private" className="field__hint">
            Anyone with this address can see your deadlines and habits: keep it to yourself, and make a new one if it got out.
          </p>
          <div className="calendar-feed__how">
            <h3 className="calendar-feed__how-title">How to subscribe</h3>
            <ul>
              <li>
                <strong>Google Calendar</strong> (on the web): Other calendars, <strong>+</strong>, From URL; paste the address. Google looks for changes every
                few hours.
              </li>
              <li>
                <strong>Apple Calendar</strong>: File, New Calendar Subscription on a Mac; on an iPhone, Settings, Calendar, Accounts, Add Account, Other, Add
                Subscribed Calendar.
              </li>
            </ul>
          </div>
          <div>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                reset();
                setConfirming(true);
              }}
            >
              Make a new address
            </button>
          </div>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title="Make a new feed address?"
          confirmLabel="Make a new address"
          pending={rotating}
          error={rotateError ? failureText(rotateError, calendarFeedFailures.rotate) : undefined}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          <p>The current address stops working at once: calendars subscribed to it get nothing more until you subscribe with the new one.</p>
        </ConfirmDialog>
      )}
    </section>
  );
};
