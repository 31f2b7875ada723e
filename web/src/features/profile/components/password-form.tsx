import { PASSWORD_MIN_LENGTH } from '@tracker/contracts/constants';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorMessage, fieldErrors } from '../../../lib/api/api-errors.ts';
import { useUpdateMeMutation } from '../../../lib/api/auth.api.ts';

export const PasswordForm = () => {
  // Its own mutation instance, so its pending state and errors stay apart from the profile form's.
  const [updateMe, { isLoading, error, reset }] = useUpdateMeMutation();
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const errors = fieldErrors(error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const differs = newPassword !== confirmation;
    setMismatch(differs);
    if (differs) return;
    const result = await updateMe({ currentPassword, newPassword });
    if ('error' in result) return;
    toast.success('Use your new password the next time you log in.', { title: 'Password changed' });
    setCurrentPassword('');
    setNewPassword('');
    setConfirmation('');
    reset();
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && <FormAlert kind="error">{errorMessage(error, 'Failed to update profile')}</FormAlert>}
      <TextField
        label="Current password"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
        error={errors.currentPassword}
      />
      <div className="form__row">
        <TextField
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
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
      </div>
      <div className="form__actions">
        <SubmitButton pending={isLoading}>Change password</SubmitButton>
      </div>
    </form>
  );
};
