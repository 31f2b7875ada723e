import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { NewPasswordField } from '../../../components/form/password-fields.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { errorMessage, fieldErrors } from '../../../lib/api/api-errors.ts';
import { useRegisterMutation } from '../../../lib/api/auth.api.ts';
import { EmailField } from '../components/email-field.tsx';
import { useRedirectAfterSignIn } from '../hooks/use-redirect-after-sign-in.ts';

/** The server validates (its zod contract is the one rule book); its field errors show under each field. */
export const RegisterRoute = () => {
  const { keepingRedirect, proceed } = useRedirectAfterSignIn();
  const [register, { isLoading, error }] = useRegisterMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errors = fieldErrors(error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await register({ name: name.trim(), email: email.trim(), password });
    if ('data' in result) await proceed();
  };

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Set goals, build habits and earn points for every step."
      footer={
        <p>
          Already have an account? <Link to={keepingRedirect('/login')}>Log in instead</Link>
        </p>
      }
    >
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {error && <FormAlert kind="error">{errorMessage(error, 'Registration failed')}</FormAlert>}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          autoFocus
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
        <NewPasswordField label="Password" name="password" value={password} onChange={(event) => setPassword(event.target.value)} error={errors.password} />
        <SubmitButton pending={isLoading} className="button--block">
          Create account
        </SubmitButton>
      </form>
    </AuthLayout>
  );
};
