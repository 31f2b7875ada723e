import { fieldErrors, type ApiError } from '../../lib/api/api-errors.ts';
import { FormAlert } from './form-alert.tsx';
import { formFailureText, otherFieldMessages, type FieldLabels } from './form-errors.ts';

export interface ServerErrorAlertProps {
  error: ApiError;
  /** spec.md §8 text shown when the server gives no message fit for people. */
  fallback: string;
  /** The server's field keys the form shows beside their fields ('recurrence.days' covers 'recurrence.days.0'). */
  shown?: readonly string[] | undefined;
  /** Human labels by field key, for the field errors listed here (shown fields or not). */
  labels?: FieldLabels | undefined;
}

/**
 * A failed submit: a headline for people (never 'title: is required' or an internal text) and, led
 * by their human labels, the field errors no field of the form shows, so none is lost.
 */
export const ServerErrorAlert = ({ error, fallback, shown = [], labels = {} }: ServerErrorAlertProps) => {
  const errors = fieldErrors(error);
  const lines = otherFieldMessages(errors, shown, labels);
  return (
    <FormAlert kind="error">
      {formFailureText(error, fallback, errors)}
      {lines.length > 0 && (
        <ul className="form-alert__list">
          {lines.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </FormAlert>
  );
};
