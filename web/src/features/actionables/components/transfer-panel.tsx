import { useId, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { PanelHeader } from '../../../components/states/panel-header.tsx';
import './transfer-panel.css';

interface TransferPanelProps {
  title: string;
  subtitle: string;
  submitLabel: string;
  pending: boolean;
  formRef?: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** The fields, between the heading and Close and the submit button. */
  children: ReactNode;
}

/** The panel an import or an export is asked for in: one form, its heading naming both; Escape closes it. */
export const TransferPanel = ({ title, subtitle, submitLabel, pending, formRef, onSubmit, onClose, children }: TransferPanelProps) => {
  const headingId = useId();
  const escape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };
  return (
    <section className="panel act-transfer" aria-labelledby={headingId}>
      <form ref={formRef} className="form" onSubmit={onSubmit} onKeyDown={escape} noValidate aria-labelledby={headingId}>
        <PanelHeader id={headingId} title={title} subtitle={subtitle} />
        {children}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
          <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
        </div>
      </form>
    </section>
  );
};
