import { useId, useState, type FormEvent } from 'react';
import { webhookEventKinds, type Webhook, type WebhookEventKind } from '@tracker/contracts/webhooks/http';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { failureText } from '../../../lib/api/failure-text.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorMessage, fieldErrors } from '../../../lib/api/api-errors.ts';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useListWebhookDeliveriesQuery,
  useListWebhooksQuery,
  useResumeWebhookMutation,
  webhooksFailures,
  type CreatedWebhook,
} from '../api/webhooks.api.ts';
import { CopyField, ShownOnce } from './copy-field.tsx';
import { SettingsLoadError, SettingsLoadState } from './settings-load-state.tsx';
import './webhooks-section.css';

/** The event kinds in groups a person thinks in; each group subscribes to all of its kinds. */
const groups: Array<{ name: string; label: string; kinds: WebhookEventKind[] }> = [
  { name: 'goals', label: 'Goals', kinds: webhookEventKinds.filter((kind) => kind.startsWith('Goal')) },
  { name: 'tasks', label: 'Tasks', kinds: webhookEventKinds.filter((kind) => kind.startsWith('Task')) },
  { name: 'subtasks', label: 'Subtasks', kinds: webhookEventKinds.filter((kind) => kind.startsWith('Subtask')) },
  { name: 'actionables', label: 'To-dos', kinds: webhookEventKinds.filter((kind) => kind.startsWith('Actionable')) },
  { name: 'habits', label: 'Habits', kinds: webhookEventKinds.filter((kind) => kind.startsWith('Habit')) },
  { name: 'points', label: 'Points', kinds: webhookEventKinds.filter((kind) => kind.startsWith('Points')) },
];

const groupsOf = (kinds: readonly string[]): string =>
  groups
    .filter((group) => group.kinds.some((kind) => kinds.includes(kind)))
    .map((group) => group.label)
    .join(', ');

const when = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : '—');

const SecretOnce = ({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) => {
  return (
    <ShownOnce
      title={
        <>
          <strong>Webhook added.</strong> Its signing secret is shown this once:
        </>
      }
    >
      <CopyField
        id="webhook-secret"
        label="Signing secret"
        value={created.secret}
        copied={{ title: 'Signing secret copied', text: 'Keep it where your receiver can read it.' }}
        selected={{ title: 'Copy the secret', text: 'The secret is selected: copy it with your keyboard or menu.' }}
      >
        <button type="button" className="button button--secondary" onClick={onDone}>
          Done
        </button>
      </CopyField>
      <p className="field__hint">Verify each delivery&apos;s webhook-signature header with it (see the README&apos;s &ldquo;Your data&rdquo;).</p>
    </ShownOnce>
  );
};

const AddWebhook = ({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) => {
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(['subtasks', 'actionables', 'habits']));
  const [create, { isLoading, error, reset }] = useCreateWebhookMutation();
  const [urlProblem, setUrlProblem] = useState<string>();
  const hint = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    const events = groups.filter((group) => chosen.has(group.name)).flatMap((group) => group.kinds);
    if (!/^https?:\/\/\S+$/i.test(url.trim())) return setUrlProblem('Enter an http:// or https:// address.');
    setUrlProblem(undefined);
    if (events.length === 0) return;
    const result = await create({ url: url.trim(), events });
    if ('data' in result && result.data) {
      setUrl('');
      onCreated(result.data);
    }
  };
  const fields = error ? fieldErrors(error) : {};
  const urlError = urlProblem ?? fields.url;
  const serverProblem = error && !fields.url ? (fields.events ?? errorMessage(error, webhooksFailures.create)) : undefined;
  return (
    <form className="webhooks__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor="webhook-url">
          Address (URL)
        </label>
        <input
          id="webhook-url"
          className="field__input"
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/tracker"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={urlError !== undefined}
          aria-describedby={urlError ? `${hint}-url` : undefined}
          maxLength={2000}
          spellCheck={false}
        />
        {urlError && (
          <p id={`${hint}-url`} className="field__error" role="alert">
            {urlError}
          </p>
        )}
      </div>
      <fieldset className="webhooks__kinds">
        <legend className="field__label">Send when these change</legend>
        {groups.map((group) => (
          <label key={group.name} className="webhooks__kind">
            <input
              type="checkbox"
              checked={chosen.has(group.name)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(group.name);
                else next.delete(group.name);
                setChosen(next);
              }}
            />
            {group.label}
          </label>
        ))}
        {chosen.size === 0 && <p className="field__error">Choose at least one.</p>}
      </fieldset>
      {serverProblem && (
        <p className="settings-error" role="alert">
          {serverProblem}
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading && <span className="spinner" aria-hidden="true" />}
          Add webhook
        </button>
      </div>
    </form>
  );
};

const Deliveries = ({ hook }: { hook: Webhook }) => {
  const read = useListWebhookDeliveriesQuery(hook.id, { pollingInterval: 5000 });
  const { data: deliveries, error, isLoading } = read;
  const [resume, { isLoading: resuming }] = useResumeWebhookMutation();
  const toast = useToast();
  if (isLoading) return <p role="status">Loading deliveries…</p>;
  if (error || !deliveries) return <SettingsLoadError query={read} failure={webhooksFailures.deliveries} />;
  if (deliveries.length === 0) return <p className="field__hint">Nothing sent yet: deliveries appear here as your events happen.</p>;
  return (
    <div className="webhooks__table-wrap">
      <table className="webhooks__table">
        <caption className="visually-hidden">Latest deliveries to {hook.url}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Answer</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last attempt</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.eventId}>
              <td>{delivery.eventType}</td>
              <td>
                <span className={`webhooks__status webhooks__status--${delivery.status}`}>{delivery.status === 'delivered' ? 'Delivered' : 'Waiting'}</span>
              </td>
              <td>{delivery.lastStatusCode ?? delivery.lastError ?? '—'}</td>
              <td>{delivery.attempts}</td>
              <td>{when(delivery.lastAttemptAt)}</td>
              <td>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={resuming}
                  aria-label={`Resend from here: ${delivery.eventType}, ${when(delivery.lastAttemptAt)}`}
                  onClick={() =>
                    void resume({ id: hook.id, fromPosition: delivery.position }).then((result) => {
                      if ('data' in result) toast.success('This delivery and every later one go out again, in order.', { title: 'Sending again' });
                    })
                  }
                >
                  Resend from here
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

const WebhookItem = ({ hook }: { hook: Webhook }) => {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [resume, { isLoading: resuming, error: resumeError }] = useResumeWebhookMutation();
  const [remove, { isLoading: removing, error: removeError }] = useDeleteWebhookMutation();
  const toast = useToast();
  const deliveriesId = `webhook-${hook.id}-deliveries`;
  return (
    <li className="webhooks__item">
      <div className="webhooks__item-head">
        <span className="webhooks__mono webhooks__url">{hook.url}</span>
        <span className={`webhooks__status webhooks__status--${hook.status}`}>{hook.status === 'active' ? 'Active' : 'Paused'}</span>
      </div>
      <p className="field__hint">
        {groupsOf(hook.events)} · {hook.pending === 0 ? 'nothing waiting' : `${hook.pending} waiting`}
      </p>
      {hook.status === 'paused' && hook.notice && (
        <p className="webhooks__notice" role="alert">
          {hook.notice}
        </p>
      )}
      {resumeError && <p className="settings-error">{failureText(resumeError, webhooksFailures.resume)}</p>}
      <div className="webhooks__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-expanded={open}
          aria-controls={deliveriesId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide deliveries' : 'Deliveries'}
        </button>
        {hook.status === 'paused' && (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={resuming}
            onClick={() =>
              void resume({ id: hook.id }).then((result) => {
                if ('data' in result) toast.success('Waiting deliveries go out now, in order.', { title: 'Webhook resumed' });
              })
            }
          >
            Resume
          </button>
        )}
        <button type="button" className="button button--danger-ghost button--small" onClick={() => setConfirming(true)}>
          Delete
        </button>
      </div>
      {open && (
        <div id={deliveriesId}>
          <Deliveries hook={hook} />
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete this webhook?"
          confirmLabel="Delete webhook"
          pending={removing}
          error={removeError ? failureText(removeError, webhooksFailures.remove) : undefined}
          onConfirm={() =>
            void remove(hook.id).then((result) => {
              if ('error' in result) return;
              setConfirming(false);
              toast.success('Nothing more is sent to it.', { title: 'Webhook deleted' });
            })
          }
          onCancel={() => setConfirming(false)}
        >
          <p>Nothing more is sent to {hook.url}; its waiting deliveries and its log are deleted.</p>
        </ConfirmDialog>
      )}
    </li>
  );
};

/**
 * Webhooks (issue 20): add a URL for chosen kinds of events, see its secret once, and each
 * webhook's status (a paused one says why), its deliveries, resume and delete.
 */
export const WebhooksSection = () => {
  const list = useListWebhooksQuery(undefined, { pollingInterval: 10_000 });
  const { data: hooks } = list;
  const [created, setCreated] = useState<CreatedWebhook>();
  return (
    <section className="panel settings-section webhooks" aria-labelledby="webhooks-title">
      <div className="panel__header">
        <h2 id="webhooks-title" className="panel__title">
          Webhooks
        </h2>
        <p className="panel__subtitle">Your own scripts and tools hear about what you do: each change is sent, signed, to an address of yours.</p>
      </div>
      {created && <SecretOnce created={created} onDone={() => setCreated(undefined)} />}
      <AddWebhook onCreated={setCreated} />
      {hooks === undefined ? (
        <SettingsLoadState query={list} failure={webhooksFailures.fetch} loading="Loading your webhooks…" />
      ) : hooks.length === 0 ? (
        <p className="field__hint">No webhooks yet.</p>
      ) : (
        <ul className="webhooks__list" aria-label="Your webhooks">
          {hooks.map((hook) => (
            <WebhookItem key={hook.id} hook={hook} />
          ))}
        </ul>
      )}
    </section>
  );
};
