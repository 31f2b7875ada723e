import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { hasProblems } from '../../../components/form/field-checks.ts';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { useForgotPasswordMutation } from '../../../lib/api/auth.api.ts';
import { forgotPasswordProblems } from '../model/auth-checks.ts';
import { EmailField } from '../components/email-field.tsx';

export const ForgotPasswordRoute = () => {
  const [requestReset, { isLoading, error, data }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const { ref, focusFirstInvalid } = useFirstInvalidFocus();
  const errors = fieldErrors(error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = forgotPasswordProblems(email);
    setProblem(found.email);
    if (hasProblems(found)) return focusFirstInvalid();
    void requestReset({ email: email.trim() });
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/login">Back to log in</Link>
        </p>
      }
    >
      <title>Reset your password · Points Tracker</title>
      {data ? (
        <FormAlert kind="success">{data.message}</FormAlert>
      ) : (
        <form ref={ref} className="form" onSubmit={submit} noValidate>
          {error && <ServerErrorAlert error={error} fallback="Failed to send the reset link" shown={['email']} />}
          <EmailField autoFocus value={email} onChange={(event) => setEmail(event.target.value)} error={problem ?? errors.email} />
          <SubmitButton pending={isLoading} className="button--block">
            Send reset link
          </SubmitButton>
        </form>
      )}
    </AuthLayout>
  );
};
