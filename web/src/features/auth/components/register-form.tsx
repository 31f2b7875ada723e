import { useState, type FormEvent } from 'react';
import { hasProblems, type Problems } from '../../../components/form/field-checks.ts';
import { NewPasswordField } from '../../../components/form/password-fields.tsx';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { useRegisterMutation } from '../../../lib/api/auth.api.ts';
import { browserTimezone } from '../../../lib/settings/timezones.ts';
import { registerProblems, type RegisterValues } from '../model/auth-checks.ts';
import { EmailField } from './email-field.tsx';

export interface RegisterFormProps {
  /** Where the account goes once it exists (the start, or the pending redirect). */
  onRegistered: () => unknown;
  /** The name field takes the focus when the form is the page (/register), not when it sits beside what the product is (/). */
  autoFocus?: boolean;
}

/**
 * Name, e-mail and password, checked against the registration contract's rules before sending; the
 * server's field errors show under each field too. Registration sends the browser's zone, so days
 * count there from the start (a zone the server does not know is left to settings).
 */
export const RegisterForm = ({ onRegistered, autoFocus = false }: RegisterFormProps) => {
  const [register, { isLoading, error }] = useRegisterMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems<keyof RegisterValues>>({});
  const { ref, focusFirstInvalid } = useFirstInvalidFocus();
  const errors = fieldErrors(error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = registerProblems({ name, email, password });
    setProblems(found);
    if (hasProblems(found)) return focusFirstInvalid();
    const account = { name: name.trim(), email: email.trim(), password };
    const timezone = browserTimezone();
    let result = await register(timezone ? { ...account, timezone } : account);
    if ('error' in result && timezone && fieldErrors(result.error).timezone) result = await register(account);
    if ('data' in result) await onRegistered();
    else focusFirstInvalid();
  };

  return (
    <form ref={ref} className="form" onSubmit={(event) => void submit(event)} noValidate>
      {error && <ServerErrorAlert error={error} fallback="Registration failed" shown={['name', 'email', 'password']} />}
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        autoFocus={autoFocus}
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={problems.name ?? errors.name}
      />
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={problems.email ?? errors.email} />
      <NewPasswordField
        label="Password"
        name="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={problems.password ?? errors.password}
      />
      <SubmitButton pending={isLoading} className="button--block">
        Create account
      </SubmitButton>
    </form>
  );
};
