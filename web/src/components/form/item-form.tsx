import { useId, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { ApiError } from '../../lib/api/api-errors.ts';
import { SubmitButton } from './submit-button.tsx';
import { TextAreaField } from './text-area-field.tsx';
import { TextField } from './text-field.tsx';
import './item-form.css';

/** What a feature's create or edit form for an item takes from its parent, whatever its values (V). */
export interface ItemEditorProps<V> {
  mode: 'create' | 'edit';
  /** The form's heading and accessible name, e.g. 'New task in Run a marathon' or 'Edit habit Read'. */
  name: string;
  /** Full button names ('Save task Warm up', 'Cancel editing task Warm up'): several forms can be open at once. */
  saveLabel: string;
  cancelLabel: string;
  initial: V;
  pending: boolean;
  error: ApiError;
  /** spec.md §8 text shown when the server gives no message, e.g. 'Failed to create task'. */
  fallback: string;
  onSubmit: (values: V) => void;
  onCancel: () => void;
  /** Keep what is typed across a reload under this name (lib/forms/drafts.ts); the parent drops it once saved. */
  draftKey?: string | undefined;
}

interface ItemFormProps {
  /** The heading, the buttons' names and whether the save is on its way, as the parent gave them. */
  editor: Pick<ItemEditorProps<unknown>, 'name' | 'saveLabel' | 'cancelLabel' | 'pending'>;
  /** The feature's own class, for its refinements. */
  className: string;
  formRef?: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  /** The fields, between the heading and Cancel and Save. */
  children: ReactNode;
  /** What was typed before a reload came back (lib/forms/use-draft.ts): say so, with a way to start over. */
  restoredDraft?: { onDiscard: () => void } | undefined;
}

/**
 * The frame of a create or edit form for an item (goal, task, subtask, actionable, habit): its heading,
 * the fields, Cancel and Save. noValidate: each form checks and reports its fields itself. Escape
 * cancels, except while the save is on its way.
 */
export const ItemForm = ({ editor, className, formRef, onSubmit, onCancel, children, restoredDraft }: ItemFormProps) => {
  const { name, saveLabel, cancelLabel, pending } = editor;
  const headingId = useId();
  const escape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || pending) return;
    event.preventDefault();
    onCancel();
  };
  return (
    <form ref={formRef} className={`form item-form ${className}`} onSubmit={onSubmit} onKeyDown={escape} noValidate aria-labelledby={headingId}>
      <p id={headingId} className="item-form__title">
        {name}
      </p>
      {restoredDraft && (
        <p className="item-form__draft" data-testid="draft-restored">
          Your draft is back as you left it.
          <button type="button" className="button button--ghost button--small" onClick={restoredDraft.onDiscard}>
            Discard draft
          </button>
        </p>
      )}
      {children}
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} aria-label={cancelLabel}>
          Cancel
        </button>
        <SubmitButton pending={pending} aria-label={saveLabel}>
          Save
        </SubmitButton>
      </div>
    </form>
  );
};

interface TitleAndDescriptionProps {
  title: string;
  description: string;
  onTitleChange: (title: string) => void;
  onDescriptionChange: (description: string) => void;
  titleError: string | undefined;
  descriptionError: string | undefined;
  /** The description's height in lines; the browser's default without. */
  descriptionRows?: number;
}

/** Every item's first two fields; the title takes the focus when the form opens. */
export const TitleAndDescription = (props: TitleAndDescriptionProps) => (
  <>
    <TextField
      label="Title"
      name="title"
      required
      maxLength={200}
      autoFocus
      autoComplete="off"
      value={props.title}
      onChange={(event) => props.onTitleChange(event.target.value)}
      error={props.titleError}
    />
    <TextAreaField
      label="Description"
      name="description"
      maxLength={5000}
      rows={props.descriptionRows}
      value={props.description}
      onChange={(event) => props.onDescriptionChange(event.target.value)}
      error={props.descriptionError}
    />
  </>
);
