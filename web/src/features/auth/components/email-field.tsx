import { TextField, type TextFieldProps } from '../../../components/form/text-field.tsx';

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode' | 'required'>;

/** The account's e-mail address, as logging in, registering and asking for a reset link take it. */
export const EmailField = (props: EmailFieldProps) => (
  <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" required {...props} />
);
