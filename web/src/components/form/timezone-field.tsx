import { useMemo } from 'react';
import { timezoneOptions } from '../../lib/settings/timezones.ts';
import { SelectField } from './select-field.tsx';

interface TimezoneFieldProps {
  value: string;
  onChange: (timezone: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
}

/** 'Time zone': every zone this browser knows, and the chosen one even when it does not know it. */
export const TimezoneField = ({ value, onChange, hint, error }: TimezoneFieldProps) => {
  const zones = useMemo(() => timezoneOptions(value), [value]);
  return (
    <SelectField label="Time zone" name="timezone" options={zones} value={value} onChange={(event) => onChange(event.target.value)} hint={hint} error={error} />
  );
};
