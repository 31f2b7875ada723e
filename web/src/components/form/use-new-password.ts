import { useState } from 'react';
import { newPassword as newPasswordCheck } from './field-checks.ts';

/**
 * A new password typed twice. `check()` runs when the form is submitted: the server's password rules
 * on the first entry, then whether the two match; what fails shows under its field until the next
 * submit.
 */
export const useNewPassword = () => {
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [mismatch, setMismatch] = useState(false);
  return {
    newPassword,
    setNewPassword,
    confirmation,
    setConfirmation,
    /** What the password rules say about the first entry, after `check()`. */
    problem,
    mismatch,
    check: (): boolean => {
      const found = newPasswordCheck(newPassword);
      const matches = newPassword === confirmation;
      setProblem(found);
      setMismatch(found === undefined && !matches);
      return found === undefined && matches;
    },
    clear: () => {
      setNewPassword('');
      setConfirmation('');
    },
  };
};

export type NewPassword = ReturnType<typeof useNewPassword>;
