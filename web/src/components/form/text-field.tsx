import { useId, type InputHTMLAttributes } from 'react';
import { fieldMessage } from './field-message.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  label: string;
  /** Always-visible guidance under the input, e.g. a length rule. */
  hint?: string | undefined;
  /** The server's message for this field, from the problem document's `errors`. */
  error?: string | undefined;
}

/** A labelled input with its hint and error tied to it through aria-describedby. */
export const TextField = ({ label, hint, error, className, ...input }: TextFieldProps) => {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {fieldMessage(label, error)}
        </p>
      )}
    </div>
  );
};
