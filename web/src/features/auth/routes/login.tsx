import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { CurrentPasswordField } from '../../../components/form/password-fields.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { errorMessage, fieldErrors } from '../../../lib/api/api-errors.ts';
import { useLoginMutation } from '../../../lib/api/auth.api.ts';
import { EmailField } from '../components/email-field.tsx';
import { useRedirectAfterSignIn } from '../hooks/use-redirect-after-sign-in.ts';

/** After login: the `redirect` query parameter if it is a string, else /dashboard (spec.md §2). */
export const LoginRoute = () => {
  const { keepingRedirect, proceed } = useRedirectAfterSignIn();
  const [login, { isLoading, error }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errors = fieldErrors(error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await login({ email: email.trim(), password });
    if ('data' in result) await proceed();
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
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {error && <FormAlert kind="error">{errorMessage(error, 'Login failed')}</FormAlert>}
        <EmailField autoFocus value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
        <div className="field-with-action">
          <CurrentPasswordField
            label="Password"
            name="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
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
