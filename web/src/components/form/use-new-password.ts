import { useState } from 'react';

/**
 * A new password typed twice. `confirmed()` compares the two entries when the form is submitted; a
 * mismatch shows under the confirmation until the next submit.
 */
export const useNewPassword = () => {
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  return {
    newPassword,
    setNewPassword,
    confirmation,
    setConfirmation,
    mismatch,
    confirmed: (): boolean => {
      const matches = newPassword === confirmation;
      setMismatch(!matches);
      return matches;
    },
    clear: () => {
      setNewPassword('');
      setConfirmation('');
    },
  };
};

export type NewPassword = ReturnType<typeof useNewPassword>;
