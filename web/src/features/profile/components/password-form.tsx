import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { CurrentPasswordField, NewPasswordFields } from '../../../components/form/password-fields.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useNewPassword } from '../../../components/form/use-new-password.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorMessage, fieldErrors } from '../../../lib/api/api-errors.ts';
import { useUpdateMeMutation } from '../../../lib/api/auth.api.ts';

export const PasswordForm = () => {
  // Its own mutation instance, so its pending state and errors stay apart from the profile form's.
  const [updateMe, { isLoading, error, reset }] = useUpdateMeMutation();
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const password = useNewPassword();
  const errors = fieldErrors(error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password.confirmed()) return;
    const result = await updateMe({ currentPassword, newPassword: password.newPassword });
    if ('error' in result) return;
    toast.success('Use your new password the next time you log in.', { title: 'Password changed' });
    setCurrentPassword('');
    password.clear();
    reset();
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      {error && <FormAlert kind="error">{errorMessage(error, 'Failed to update profile')}</FormAlert>}
      <CurrentPasswordField
        label="Current password"
        name="currentPassword"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
        error={errors.currentPassword}
      />
      <div className="form__row">
        <NewPasswordFields password={password} error={errors.newPassword} />
      </div>
      <div className="form__actions">
        <SubmitButton pending={isLoading}>Change password</SubmitButton>
      </div>
    </form>
  );
};
