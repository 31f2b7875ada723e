import { errorMessage, type ApiError } from '../../lib/api/api-errors.ts';
import { FormAlert } from './form-alert.tsx';

export interface ServerErrorAlertProps {
  error: ApiError;
  /** spec.md §8 text shown when the server gives no message. */
  fallback: string;
  /** Field errors for fields the form does not show, so they are not lost. */
  others: readonly string[];
}

/** A failed submit: the server's message (or the fallback) and what no field of the form can show. */
export const ServerErrorAlert = ({ error, fallback, others }: ServerErrorAlertProps) => (
  <FormAlert kind="error">
    {errorMessage(error, fallback)}
    {others.length > 0 && (
      <ul className="form-alert__list">
        {others.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    )}
  </FormAlert>
);
