import { useId, type ReactNode } from 'react';
import { fieldMessage } from './field-message.ts';
import { humanFieldMessage } from './form-errors.ts';
import './form.css';

/** What every field takes besides the attributes of its control. */
export interface FieldProps {
  label: string;
  /** Always-visible guidance under the control, e.g. a length rule. */
  hint?: string | undefined;
  /** The form's own check, or the server's message for this field (from the problem document's `errors`); shown with the label, in words for people. */
  error?: string | undefined;
  /** Extra classes for the field's wrapper. */
  className?: string | undefined;
}

/** The attributes that tie a control to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldWrapperProps extends FieldProps {
  /** Renders the control, which must spread the given props onto itself. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, the control and its hint and error, tied to the control through aria-describedby. */
export const Field = ({ label, hint, error, className, children }: FieldWrapperProps) => {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {fieldMessage(label, humanFieldMessage(error))}
        </p>
      )}
    </div>
  );
};
