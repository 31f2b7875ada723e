import { messages } from '@tracker/contracts/messages';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { NewPasswordFields } from '../../../components/form/password-fields.tsx';
import { failureText } from '../../../lib/api/failure-text.ts';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { useNewPassword } from '../../../components/form/use-new-password.ts';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { errorMessage, fieldErrors } from '../../../lib/api/api-errors.ts';
import { useResetPasswordMutation } from '../../../lib/api/auth.api.ts';

export const ResetPasswordRoute = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [resetPassword, { isLoading, error, data }] = useResetPasswordMutation();
  const password = useNewPassword();
  const { ref, focusFirstInvalid } = useFirstInvalidFocus();
  const errors = fieldErrors(error);
  const tokenRejected = Boolean(errors.token) || errorMessage(error, '') === messages.resetTokenInvalid;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.check()) void resetPassword({ token, newPassword: password.newPassword });
    else focusFirstInvalid();
  };

  const footer = (
    <p>
      <Link to="/login">Back to log in</Link>
    </p>
  );

  if (!token) {
    return (
      <AuthLayout title="Reset your password" footer={footer}>
        <title>Reset your password · Points Tracker</title>
        <FormAlert kind="error">This reset link is incomplete. Please use the link from your e-mail, or request a new one.</FormAlert>
        <Link className="button button--secondary button--block" to="/forgot-password">
          Request a new link
        </Link>
      </AuthLayout>
    );
  }

  if (data) {
    return (
      <AuthLayout title="Password changed" footer={footer}>
        <title>Password changed · Points Tracker</title>
        <FormAlert kind="success">{data.message}</FormAlert>
        <Link className="button button--primary button--block" to="/login">
          Continue to log in
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="Pick a password you have not used here before." footer={footer}>
      <title>Choose a new password · Points Tracker</title>
      <form ref={ref} className="form" onSubmit={submit} noValidate>
        {error && (
          <FormAlert kind="error">
            {tokenRejected ? messages.resetTokenInvalid : failureText(error, 'Failed to reset the password')}
            {tokenRejected && (
              <>
                {' '}
                <Link to="/forgot-password">Request a new link</Link>
              </>
            )}
          </FormAlert>
        )}
        <NewPasswordFields password={password} error={errors.newPassword} autoFocus />
        <SubmitButton pending={isLoading} className="button--block">
          Reset password
        </SubmitButton>
      </form>
    </AuthLayout>
  );
};
