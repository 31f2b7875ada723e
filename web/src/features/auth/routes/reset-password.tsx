import { PASSWORD_MIN_LENGTH } from '@tracker/contracts/constants';
import { messages } from '@tracker/contracts/messages';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { errorMessage, fieldErrors } from '../../../lib/api/api-errors.ts';
import { useResetPasswordMutation } from '../../../lib/api/auth.api.ts';

export const ResetPasswordRoute = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [resetPassword, { isLoading, error, data }] = useResetPasswordMutation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const errors = fieldErrors(error);
  const tokenRejected = Boolean(errors.token) || errorMessage(error, '') === messages.resetTokenInvalid;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const differs = newPassword !== confirmation;
    setMismatch(differs);
    if (!differs) void resetPassword({ token, newPassword });
  };

  const footer = (
    <p>
      <Link to="/login">Back to log in</Link>
    </p>
  );

  if (!token) {
    return (
      <AuthLayout title="Reset your password" footer={footer}>
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
        <FormAlert kind="success">{data.message}</FormAlert>
        <Link className="button button--primary button--block" to="/login">
          Continue to log in
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="Pick a password you have not used here before." footer={footer}>
      <form className="form" onSubmit={submit} noValidate>
        {error && (
          <FormAlert kind="error">
            {errorMessage(error, 'Failed to reset the password')}
            {tokenRejected && (
              <>
                {' '}
                <Link to="/forgot-password">Request a new link</Link>
              </>
            )}
          </FormAlert>
        )}
        <TextField
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          autoFocus
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          error={errors.newPassword}
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={mismatch ? 'The passwords do not match' : undefined}
        />
        <SubmitButton pending={isLoading} className="button--block">
          Reset password
        </SubmitButton>
      </form>
    </AuthLayout>
  );
};
