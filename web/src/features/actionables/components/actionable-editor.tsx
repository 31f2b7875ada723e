import type { useActionableChanges } from '../hooks/use-actionable-changes.ts';
import { valuesOf } from '../model/actionable-values.ts';
import type { ShownActionable } from '../transfer/import-parser.ts';
import { ActionableForm } from './actionable-form.tsx';

interface ActionableEditorProps {
  item: ShownActionable;
  /** The item's spoken name ('habit Read'), for the form's and its buttons' names. */
  name: string;
  habit: boolean;
  zone: string;
  changes: ReturnType<typeof useActionableChanges>;
}

/** The inline editor of an actionable or a habit, filled with its values; saving sends what changed. */
export const ActionableEditor = ({ item, name, habit, zone, changes }: ActionableEditorProps) => (
  <ActionableForm
    mode="edit"
    habit={habit}
    name={`Edit ${name}`}
    saveLabel={`Save ${name}`}
    cancelLabel={`Cancel editing ${name}`}
    initial={valuesOf(item, zone)}
    zone={zone}
    pending={changes.edit.isLoading}
    error={changes.edit.error}
    fallback="Failed to update actionable"
    onSubmit={(values) => void changes.submit(values)}
    onCancel={changes.closeEditor}
  />
);
