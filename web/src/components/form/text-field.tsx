import type { InputHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field.tsx';

export interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children' | keyof FieldProps> {}

/** A labelled input with its hint and error tied to it through aria-describedby. */
export const TextField = ({ label, hint, error, className, ...input }: TextFieldProps) => (
  <Field label={label} hint={hint} error={error} className={className}>
    {(control) => <input {...control} className="field__input" {...input} />}
  </Field>
);
