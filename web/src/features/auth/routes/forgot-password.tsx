import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { errorMessage, fieldErrors } from '../../../lib/api/api-errors.ts';
import { useForgotPasswordMutation } from '../../../lib/api/auth.api.ts';
import { EmailField } from '../components/email-field.tsx';

export const ForgotPasswordRoute = () => {
  const [requestReset, { isLoading, error, data }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const errors = fieldErrors(error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void requestReset({ email: email.trim() });
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/login">Back to log in</Link>
        </p>
      }
    >
      {data ? (
        <FormAlert kind="success">{data.message}</FormAlert>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          {error && <FormAlert kind="error">{errorMessage(error, 'Failed to send the reset link')}</FormAlert>}
          <EmailField autoFocus value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
          <SubmitButton pending={isLoading} className="button--block">
            Send reset link
          </SubmitButton>
        </form>
      )}
    </AuthLayout>
  );
};
