import type { User } from '@tracker/contracts/users/http';
import { useMemo, useState, type FormEvent } from 'react';
import { SelectField } from '../../../components/form/select-field.tsx';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { fieldErrors, unshownFieldErrors } from '../../../lib/api/api-errors.ts';
import { useUpdateMeMutation } from '../../../lib/api/auth.api.ts';
import { browserTimezone, timezoneOptions } from './timezones.ts';

const shownFields = ['name', 'timezone', 'dateOfBirth'] as const;

export const ProfileForm = ({ user }: { user: User }) => {
  const [updateMe, { isLoading, error }] = useUpdateMeMutation();
  const toast = useToast();
  const [name, setName] = useState(user.name);
  const [timezone, setTimezone] = useState(user.timezone);
  const [dateOfBirth, setDateOfBirth] = useState(user.dateOfBirth ?? '');
  const zones = useMemo(() => timezoneOptions(timezone), [timezone]);
  const detected = browserTimezone();
  const errors = fieldErrors(error);
  const others = unshownFieldErrors(errors, shownFields);
  const today = new Date().toISOString().slice(0, 10);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await updateMe({ name: name.trim(), timezone, dateOfBirth: dateOfBirth || null });
    if (!('error' in result)) toast.success('Your profile has been saved.', { title: 'Profile updated' });
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      {error && <ServerErrorAlert error={error} fallback="Failed to update profile" others={others} />}
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <div className="form__row">
        <SelectField
          label="Time zone"
          name="timezone"
          options={zones}
          value={timezone}
          onChange={(event) => setTimezone(event.target.value)}
          hint={detected && detected !== timezone ? `This device is set to ${detected.replaceAll('_', ' ')}.` : undefined}
          error={errors.timezone}
        />
        <TextField
          label="Date of birth"
          type="date"
          name="dateOfBirth"
          autoComplete="bday"
          max={today}
          value={dateOfBirth}
          onChange={(event) => setDateOfBirth(event.target.value)}
          error={errors.dateOfBirth}
        />
      </div>
      <div className="form__actions">
        <SubmitButton pending={isLoading}>Save changes</SubmitButton>
      </div>
    </form>
  );
};
