import type { SelectHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field.tsx';

/** A plain string is both value and label (underscores shown as spaces); an object names them apart. */
export type SelectOption = string | { value: string; label: string };

export interface SelectFieldProps extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children' | keyof FieldProps> {
  options: readonly SelectOption[];
}

const optionOf = (option: SelectOption) => (typeof option === 'string' ? { value: option, label: option.replaceAll('_', ' ') } : option);

export const SelectField = ({ label, options, hint, error, className, ...select }: SelectFieldProps) => (
  <Field label={label} hint={hint} error={error} className={className}>
    {(control) => (
      <select {...control} className="field__input field__select" {...select}>
        {options.map(optionOf).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    )}
  </Field>
);
