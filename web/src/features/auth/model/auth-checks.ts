import { emailAddress, maxLength, newPassword, problemsOf, required, type Problems } from '../../../components/form/field-checks.ts';

export interface LoginValues {
  email: string;
  password: string;
}

/** Logging in asks only that both are there and the address looks like one: the server tells no more (no account probing). */
export const loginProblems = ({ email, password }: LoginValues): Problems<keyof LoginValues> =>
  problemsOf({ email: emailAddress(email), password: password === '' ? 'is required' : undefined });

export interface RegisterValues extends LoginValues {
  name: string;
}

/** The registration contract's rules: a name of 1–100 characters, an address, a password of 8 characters to 72 bytes. */
export const registerProblems = ({ name, email, password }: RegisterValues): Problems<keyof RegisterValues> =>
  problemsOf({ name: required(name) ?? maxLength(name.trim(), 100), email: emailAddress(email), password: newPassword(password) });

/** Asking for a reset link: an address. */
export const forgotPasswordProblems = (email: string): Problems<'email'> => problemsOf({ email: emailAddress(email) });
