import type { TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field.tsx';

export interface TextAreaFieldProps extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children' | keyof FieldProps> {}

/** TextField's multi-line sibling: the same label, hint and error wiring. */
export const TextAreaField = ({ label, hint, error, className, rows = 3, ...textarea }: TextAreaFieldProps) => (
  <Field label={label} hint={hint} error={error} className={className}>
    {(control) => <textarea {...control} className="field__input field__textarea" rows={rows} {...textarea} />}
  </Field>
);
