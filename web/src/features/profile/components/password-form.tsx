import { useState, type FormEvent } from 'react';
import { CurrentPasswordField, NewPasswordFields } from '../../../components/form/password-fields.tsx';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { useNewPassword } from '../../../components/form/use-new-password.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { useUpdateMeMutation } from '../../../lib/api/auth.api.ts';
import { profileFieldLabels } from '../model/profile-checks.ts';

export const PasswordForm = () => {
  // Its own mutation instance, so its pending state and errors stay apart from the profile form's.
  const [updateMe, { isLoading, error, reset }] = useUpdateMeMutation();
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const [currentMissing, setCurrentMissing] = useState(false);
  const password = useNewPassword();
  const { ref, focusFirstInvalid } = useFirstInvalidFocus();
  const errors = fieldErrors(error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = currentPassword === '';
    setCurrentMissing(missing);
    if (!password.check() || missing) return focusFirstInvalid();
    const result = await updateMe({ currentPassword, newPassword: password.newPassword });
    if ('error' in result) return focusFirstInvalid();
    toast.success('Use your new password the next time you log in.', { title: 'Password changed' });
    setCurrentPassword('');
    password.clear();
    reset();
  };

  return (
    <form ref={ref} className="form" onSubmit={(event) => void submit(event)} noValidate>
      {error && <ServerErrorAlert error={error} fallback="Failed to change password" shown={['currentPassword', 'newPassword']} labels={profileFieldLabels} />}
      <CurrentPasswordField
        label="Current password"
        name="currentPassword"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
        error={currentMissing ? 'is required' : errors.currentPassword}
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
