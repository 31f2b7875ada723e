import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { errorMessage, fieldErrors } from '../../../lib/api/api-errors.ts';
import { useLoginMutation } from '../../../lib/api/auth.api.ts';
import { redirectTarget } from '../../../lib/auth/redirect-target.ts';

/** After login: the `redirect` query parameter if it is a string, else /dashboard (spec.md §2). */
export const LoginRoute = () => {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [login, { isLoading, error }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errors = fieldErrors(error);
  const redirect = searchParams.get('redirect');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await login({ email: email.trim(), password });
    if ('data' in result) await navigate(redirectTarget(redirect), { replace: true });
  };

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to keep your goals, tasks and habits moving."
      footer={
        <p>
          New here? <Link to={redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'}>Create an account</Link>
        </p>
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        {error && <FormAlert kind="error">{errorMessage(error, 'Login failed')}</FormAlert>}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <div className="field-with-action">
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
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
