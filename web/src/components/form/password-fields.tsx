import { PASSWORD_MIN_LENGTH } from '@tracker/contracts/constants';
import { TextField, type TextFieldProps } from './text-field.tsx';
import type { NewPassword } from './use-new-password.ts';

/** What a password field takes: the rest (masked, required, what password managers fill in) is fixed. */
export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'required' | 'hint'>;

/** The password the user has now, for password managers to fill in. */
export const CurrentPasswordField = (props: PasswordFieldProps) => <TextField type="password" autoComplete="current-password" required {...props} />;

/** A password being chosen, offered to password managers as new, with the length rule under it. */
export const NewPasswordField = (props: PasswordFieldProps) => (
  <TextField type="password" autoComplete="new-password" required hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} {...props} />
);

export interface NewPasswordFieldsProps {
  /** The two entries, from useNewPassword. */
  password: NewPassword;
  /** The server's message for `newPassword`. */
  error?: string | undefined;
  autoFocus?: boolean | undefined;
}

/** 'New password' and 'Confirm password'; what `password.check()` finds shows under the first (the rules) or the second (a mismatch). */
export const NewPasswordFields = ({ password, error, autoFocus }: NewPasswordFieldsProps) => (
  <>
    <NewPasswordField
      label="New password"
      name="newPassword"
      autoFocus={autoFocus}
      value={password.newPassword}
      onChange={(event) => password.setNewPassword(event.target.value)}
      error={password.problem ?? error}
    />
    <TextField
      label="Confirm password"
      type="password"
      name="confirmPassword"
      autoComplete="new-password"
      required
      value={password.confirmation}
      onChange={(event) => password.setConfirmation(event.target.value)}
      error={password.mismatch ? 'The passwords do not match' : undefined}
    />
  </>
);
