import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { hasProblems, type Problems } from '../../../components/form/field-checks.ts';
import { CurrentPasswordField } from '../../../components/form/password-fields.tsx';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { useLoginMutation } from '../../../lib/api/auth.api.ts';
import { loginProblems, type LoginValues } from '../model/auth-checks.ts';
import { EmailField } from '../components/email-field.tsx';
import { useRedirectAfterSignIn } from '../hooks/use-redirect-after-sign-in.ts';

/** After login: the `redirect` query parameter if it is a string, else /dashboard (spec.md §2). */
export const LoginRoute = () => {
  const { keepingRedirect, proceed } = useRedirectAfterSignIn();
  const [login, { isLoading, error }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems<keyof LoginValues>>({});
  const { ref, focusFirstInvalid } = useFirstInvalidFocus();
  const errors = fieldErrors(error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = loginProblems({ email, password });
    setProblems(found);
    if (hasProblems(found)) return focusFirstInvalid();
    const result = await login({ email: email.trim(), password });
    if ('data' in result) await proceed();
    else focusFirstInvalid();
  };

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to keep your goals, tasks and habits moving."
      footer={
        <p>
          New here? <Link to={keepingRedirect('/register')}>Create an account</Link>
        </p>
      }
    >
      <title>Log in · Points Tracker</title>
      <form ref={ref} className="form" onSubmit={(event) => void submit(event)} noValidate>
        {error && <ServerErrorAlert error={error} fallback="Login failed" shown={['email', 'password']} />}
        <EmailField autoFocus value={email} onChange={(event) => setEmail(event.target.value)} error={problems.email ?? errors.email} />
        <div className="field-with-action">
          <CurrentPasswordField
            label="Password"
            name="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={problems.password ?? errors.password}
          />
          <Link className="field-with-action__link" to="/forgot-password">
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={isLoading} className="button--block">
          Log in
        </SubmitButton>
      </form>
    </AuthLayout>
  );
};
