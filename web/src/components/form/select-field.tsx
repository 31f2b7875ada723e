import { useId, type SelectHTMLAttributes } from 'react';
import { fieldMessage } from './field-message.ts';

/** A plain string is both value and label (underscores shown as spaces); an object names them apart. */
export type SelectOption = string | { value: string; label: string };

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  hint?: string | undefined;
  error?: string | undefined;
}

const optionOf = (option: SelectOption) => (typeof option === 'string' ? { value: option, label: option.replaceAll('_', ' ') } : option);

export const SelectField = ({ label, options, hint, error, className, ...select }: SelectFieldProps) => {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input field__select" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {options.map(optionOf).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
