import { useId, type TextareaHTMLAttributes } from 'react';
import { fieldMessage } from './field-message.ts';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children'> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

/** TextField's multi-line sibling: the same label, hint and error wiring. */
export const TextAreaField = ({ label, hint, error, className, rows = 3, ...textarea }: TextAreaFieldProps) => {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="field__input field__textarea" rows={rows} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...textarea} />
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
