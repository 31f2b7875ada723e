import { useToast } from '../../../components/toasts/use-toast.ts';
import { isQueued, QUEUED_TEXT } from '../../../lib/offline/queued-change.ts';
import { useToday } from '../../../lib/settings/use-today.ts';
import { useCreateActionableMutation, useCreateHabitMutation } from '../api/actionables.api.ts';
import { ActionableForm } from './actionable-form.tsx';
import { clearDraft } from '../../../lib/forms/drafts.ts';
import { blankValues, createBody, type ActionableValues } from '../model/actionable-values.ts';
import type { ShownActionable } from '../transfer/import-parser.ts';

export interface NewActionableFormProps {
  habit: boolean;
  zone: string;
  /** Called with the new item once the server has it. */
  onCreated: (item: ShownActionable) => void;
  onCancel: () => void;
  initial?: Partial<ActionableValues>;
}

/** Where a half-typed new actionable or habit waits across a reload (its page opens the form again when there is one). */
export const newItemDraft = (habit: boolean): string => (habit ? 'new-habit' : 'new-actionable');

/** The create form of an actionable (POST /actionables) or a habit (POST /actionables/habits). */
export const NewActionableForm = ({ habit, zone, onCreated, onCancel, initial }: NewActionableFormProps) => {
  const toast = useToast();
  const [createActionable, actionableCreation] = useCreateActionableMutation();
  const [createHabit, habitCreation] = useCreateHabitMutation();
  const creation = habit ? habitCreation : actionableCreation;
  const noun = habit ? 'habit' : 'actionable';
  // A habit kept already may start up to 30 days before the user's today (the server's).
  const { date: today } = useToday();

  const create = async (values: ActionableValues) => {
    const body = createBody(values, zone, habit);
    const result = await (habit ? createHabit(body) : createActionable(body));
    if ('error' in result) {
      // Offline: kept on the device (the banner lists it) and sent when the connection returns; the form's work is done.
      if (isQueued(result.error)) {
        clearDraft(newItemDraft(habit));
        toast.info(QUEUED_TEXT, { title: `“${values.title.trim()}” will be added` });
        onCancel();
      }
      return;
    }
    clearDraft(newItemDraft(habit));
    toast.success(`“${result.data.title}” was added.`, { title: habit ? 'Habit created' : 'Actionable created' });
    onCreated(result.data);
  };

  return (
    <section className="panel act-new">
      <ActionableForm
        mode="create"
        habit={habit}
        name={`New ${noun}`}
        saveLabel={`Save new ${noun}`}
        cancelLabel={`Cancel new ${noun}`}
        initial={blankValues(initial)}
        zone={zone}
        today={habit ? today : undefined}
        pending={creation.isLoading}
        error={creation.error}
        fallback={`Failed to create ${noun}`}
        onSubmit={(values) => void create(values)}
        onCancel={onCancel}
        draftKey={newItemDraft(habit)}
      />
    </section>
  );
};
