import { DELIBERATE_SELECT_HINT, useDeliberateSelect } from '../../../components/form/deliberate-select.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { SettingsSection, type SettingsSectionProps } from './settings-section.tsx';

export interface SelectSectionProps<T extends string> extends Omit<SettingsSectionProps, 'children'> {
  label: string;
  name: string;
  options: readonly { value: T; label: string }[];
  /** The value saved (or being saved): the select shows it unless the keyboard left a draft. */
  saved: T;
  /** A save under way: the select waits for it. */
  saving: boolean;
  /** Shown while no keyboard draft waits for Enter. */
  hint?: string | undefined;
  error?: string | undefined;
  onSave: (value: T) => void;
}

/**
 * A settings section holding one select that saves on its own: when a value is picked from the list,
 * or on Enter after arrowing (each value arrowed past is only a draft, see useDeliberateSelect).
 */
export const SelectSection = <T extends string>({ id, title, header, label, name, options, saved, saving, hint, error, onSave }: SelectSectionProps<T>) => {
  const { draft, props } = useDeliberateSelect<T>(saved, onSave);
  return (
    <SettingsSection id={id} title={title} header={header}>
      <SelectField label={label} name={name} options={options} {...props} disabled={saving} hint={draft ? DELIBERATE_SELECT_HINT : hint} error={error} />
    </SettingsSection>
  );
};
