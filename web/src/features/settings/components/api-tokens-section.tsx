import { useId, useState, type FormEvent } from 'react';
import { API_TOKEN_NAME_MAX, MAX_API_TOKENS, type ApiToken, type ApiTokenScope, type CreatedApiToken } from '@tracker/contracts/api-tokens/http';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { labelledMessage } from '../../../components/form/form-errors.ts';
import { failureText } from '../../../lib/api/failure-text.ts';
import { chipClass } from '../../../components/item-facts/item-facts.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { apiTokensFailures, useCreateApiTokenMutation, useListApiTokensQuery, useRevokeApiTokenMutation } from '../api/api-tokens.api.ts';
import { CopyField, ShownOnce } from './copy-field.tsx';
import { SettingsLoadState } from './settings-load-state.tsx';
import './api-tokens-section.css';

const access: Record<'read' | 'write', { scopes: ApiTokenScope[]; label: string; note: string }> = {
  read: { scopes: ['read'], label: 'Read only', note: 'Reads your goals, to-dos, habits and points' },
  write: { scopes: ['read', 'write'], label: 'Read and write', note: 'Also creates, changes, completes and deletes' },
};

const accessOf = (token: ApiToken) => (token.scopes.includes('write') ? access.write : access.read);
const when = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : 'never');

const TokenOnce = ({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) => (
  <ShownOnce
    title={
      <>
        <strong>Token &ldquo;{created.apiToken.name}&rdquo; created.</strong> Copy it now: it is shown this once.
      </>
    }
  >
    <CopyField
      id="api-token-value"
      label="API token"
      value={created.token}
      copied={{ title: 'API token copied', text: 'Keep it where your script can read it, like a password.' }}
      selected={{ title: 'Copy the token', text: 'The token is selected: copy it with your keyboard or menu.' }}
    >
      <button type="button" className="button button--secondary" onClick={onDone}>
        Done
      </button>
    </CopyField>
    <p className="field__hint">
      Send it with each request as <code>Authorization: Bearer &lt;token&gt;</code> (see the README&apos;s &ldquo;Your data&rdquo;).
    </p>
  </ShownOnce>
);

const CreateToken = ({ full, onCreated }: { full: boolean; onCreated: (created: CreatedApiToken) => void }) => {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'read' | 'write'>('read');
  const [nameProblem, setNameProblem] = useState<string>();
  const [create, { isLoading, error, reset }] = useCreateApiTokenMutation();
  const hint = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    if (name.trim() === '') return setNameProblem('Enter a name, e.g. the script that will use it.');
    setNameProblem(undefined);
    const result = await create({ name: name.trim(), scopes: access[kind].scopes });
    if ('data' in result && result.data) {
      setName('');
      onCreated(result.data);
    }
  };
  const fields = error ? fieldErrors(error) : {};
  const nameError = nameProblem ?? (fields.name ? labelledMessage('name', fields.name, { name: 'Name' }) : undefined);
  const serverProblem = error && !fields.name ? failureText(error, apiTokensFailures.create) : undefined;
  return (
    <form className="api-tokens__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor="api-token-name">
          Name
        </label>
        <input
          id="api-token-name"
          className="field__input"
          type="text"
          placeholder="Home dashboard"
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={nameError !== undefined}
          aria-describedby={nameError ? `${hint}-name` : undefined}
          maxLength={API_TOKEN_NAME_MAX}
          autoComplete="off"
        />
        {nameError && (
          <p id={`${hint}-name`} className="field__error" role="alert">
            {nameError}
          </p>
        )}
      </div>
      <fieldset className="choice-group">
        <legend className="field__label">Access</legend>
        {(['read', 'write'] as const).map((choice) => (
          <label key={choice} className={`choice${kind === choice ? ' choice--checked' : ''}`}>
            <input type="radio" name="api-token-access" value={choice} checked={kind === choice} onChange={() => setKind(choice)} />
            <span className="choice__text">
              <span className="choice__label">{access[choice].label}</span>
              <span className="choice__note">{access[choice].note}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {serverProblem && (
        <p className="settings-error" role="alert">
          {serverProblem}
        </p>
      )}
      {full && <p className="field__hint">You have {MAX_API_TOKENS} tokens, the most an account may hold: revoke one to create another.</p>}
      <div>
        <button type="submit" className="button button--primary" disabled={isLoading || full}>
          {isLoading && <span className="spinner" aria-hidden="true" />}
          Create token
        </button>
      </div>
    </form>
  );
};

const TokenItem = ({ token }: { token: ApiToken }) => {
  const [confirming, setConfirming] = useState(false);
  const [revoke, { isLoading, error }] = useRevokeApiTokenMutation();
  const toast = useToast();
  const { label } = accessOf(token);
  return (
    <li className="api-tokens__item">
      <div className="api-tokens__item-text">
        <span className="api-tokens__name">{token.name}</span>
        <span className={chipClass(token.scopes.includes('write') ? 'warning' : undefined)}>{label}</span>
        <span className="field__hint">
          Created {when(token.createdAt)} · Last used {when(token.lastUsedAt)}
        </span>
      </div>
      <button type="button" className="button button--danger-ghost button--small" aria-label={`Revoke ${token.name}`} onClick={() => setConfirming(true)}>
        Revoke
      </button>
      {confirming && (
        <ConfirmDialog
          title="Revoke this token?"
          confirmLabel="Revoke token"
          pending={isLoading}
          error={error ? failureText(error, apiTokensFailures.revoke) : undefined}
          onConfirm={() =>
            void revoke(token.id).then((result) => {
              if ('error' in result) return;
              setConfirming(false);
              toast.success('Anything still using it is refused from its next request on.', { title: 'Token revoked' });
            })
          }
          onCancel={() => setConfirming(false)}
        >
          <p>Scripts and tools using &ldquo;{token.name}&rdquo; are refused from their next request on. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </li>
  );
};

/**
 * Personal API tokens (issue 20): create one (a name, read only or read and write), copy it while it
 * is shown that once, see each with when it was created and last used, revoke it after a confirmation.
 */
export const ApiTokensSection = () => {
  const list = useListApiTokensQuery();
  const { data: tokens } = list;
  const [created, setCreated] = useState<CreatedApiToken>();
  return (
    <section className="panel settings-section api-tokens" aria-labelledby="api-tokens-title">
      <div className="panel__header">
        <h2 id="api-tokens-title" className="panel__title">
          Personal API tokens
        </h2>
        <p className="panel__subtitle">Your own scripts and tools call the API with a token of theirs. A token cannot manage tokens or your account.</p>
      </div>
      {created && <TokenOnce created={created} onDone={() => setCreated(undefined)} />}
      <CreateToken full={(tokens?.length ?? 0) >= MAX_API_TOKENS} onCreated={setCreated} />
      {tokens === undefined ? (
        <SettingsLoadState query={list} failure={apiTokensFailures.fetch} loading="Loading your API tokens…" />
      ) : tokens.length === 0 ? (
        <p className="field__hint">No API tokens yet.</p>
      ) : (
        <ul className="api-tokens__list" aria-label="Your API tokens">
          {tokens.map((token) => (
            <TokenItem key={token.id} token={token} />
          ))}
        </ul>
      )}
    </section>
  );
};
