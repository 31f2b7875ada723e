import type { User } from '@tracker/contracts/users/http';
import { useState, type FormEvent } from 'react';
import { hasProblems, type Problems } from '../../../components/form/field-checks.ts';
import { errorAt } from '../../../components/form/form-errors.ts';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { TimezoneField } from '../../../components/form/timezone-field.tsx';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { useUpdateMeMutation } from '../../../lib/api/auth.api.ts';
import { profileFieldLabels, profileProblems, type ProfileValues } from '../model/profile-checks.ts';
import { browserTimezone, zoneLabel } from '../../../lib/settings/timezones.ts';

const shownFields = ['name', 'timezone', 'dateOfBirth'];

export const ProfileForm = ({ user }: { user: User }) => {
  const [updateMe, { isLoading, error }] = useUpdateMeMutation();
  const toast = useToast();
  const [name, setName] = useState(user.name);
  const [timezone, setTimezone] = useState(user.timezone);
  const [dateOfBirth, setDateOfBirth] = useState(user.dateOfBirth ?? '');
  const detected = browserTimezone();
  const [problems, setProblems] = useState<Problems<keyof ProfileValues>>({});
  const { ref, focusFirstInvalid } = useFirstInvalidFocus();
  const errors = fieldErrors(error);
  const today = new Date().toISOString().slice(0, 10);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = profileProblems({ name, dateOfBirth }, today);
    setProblems(found);
    if (hasProblems(found)) return focusFirstInvalid();
    const result = await updateMe({ name: name.trim(), timezone, dateOfBirth: dateOfBirth || null });
    // A new zone, as in Settings, waits for today's end unless the date there is today's: say so, not only "saved".
    const zoneNote = timezone !== user.timezone ? ' Your new time zone applies when today ends, or at once if the date there is today’s.' : '';
    if (!('error' in result)) toast.success(`Your profile has been saved.${zoneNote}`, { title: 'Profile updated' });
    else focusFirstInvalid();
  };

  return (
    <form ref={ref} className="form" onSubmit={(event) => void submit(event)} noValidate>
      {error && <ServerErrorAlert error={error} fallback="Failed to update profile" shown={shownFields} labels={profileFieldLabels} />}
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={problems.name ?? errorAt(errors, 'name')}
      />
      <div className="form__row">
        <TimezoneField
          value={timezone}
          onChange={setTimezone}
          hint={detected && detected !== timezone ? `This device is set to ${zoneLabel(detected)}.` : undefined}
          error={errorAt(errors, 'timezone')}
        />
        <TextField
          label="Date of birth"
          type="date"
          name="dateOfBirth"
          autoComplete="bday"
          max={today}
          value={dateOfBirth}
          onChange={(event) => setDateOfBirth(event.target.value)}
          error={problems.dateOfBirth ?? errorAt(errors, 'dateOfBirth')}
        />
      </div>
      <div className="form__actions">
        <SubmitButton pending={isLoading}>Save changes</SubmitButton>
      </div>
    </form>
  );
};
