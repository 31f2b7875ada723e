import { useRef, type ReactNode } from 'react';
import { useToast } from '../../../components/toasts/use-toast.ts';
import './copy-field.css';

/** What a toast says: its title and its line. */
interface Note {
  title: string;
  text: string;
}

interface CopyFieldProps {
  id: string;
  label: string;
  value: string;
  /** The toast once the value is on the clipboard. */
  copied: Note;
  /** The toast when there is no clipboard and the value is selected instead. */
  selected: Note;
  inputClassName?: string;
  describedBy?: string;
  /** Buttons after Copy. */
  children?: ReactNode;
}

/** A value shown this once (a signing secret, an API token): a box that says so, around its CopyField. */
export const ShownOnce = ({ title, children }: { title: ReactNode; children: ReactNode }) => (
  <div className="shown-once" role="status">
    <p className="shown-once__title">{title}</p>
    {children}
  </div>
);

/** A read-only value (a feed address, a signing secret) with a Copy button. */
export const CopyField = ({ id, label, value, copied, selected, inputClassName, describedBy, children }: CopyFieldProps) => {
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copied.text, { title: copied.title });
    } catch {
      // No clipboard (an insecure origin, a refusal): the value is selected for the user to copy.
      input.current?.select();
      toast.info(selected.text, { title: selected.title });
    }
  };
  return (
    <div className="copy-field">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          ref={input}
          id={id}
          className={`field__input copy-field__value${inputClassName ? ` ${inputClassName}` : ''}`}
          type="text"
          readOnly
          value={value}
          spellCheck={false}
          aria-describedby={describedBy}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <button type="button" className="button button--primary" onClick={() => void copy()}>
        Copy
      </button>
      {children}
    </div>
  );
};
