import { useCreateGoalMutation } from '../api/goals.api.ts';
import { useRequestFocus } from './focus-request.tsx';
import { WorkItemForm } from './work-item-form.tsx';
import { blankValues, createFields, type WorkItemValues } from '../model/work-item-values.ts';
import { clearDraft } from '../../../lib/forms/drafts.ts';

/** Where a half-typed new goal waits across a reload (the goals page opens the form again when there is one). */
export const NEW_GOAL_DRAFT = 'new-goal';

export const NewGoalForm = ({ onDone }: { onDone: () => void }) => {
  const [createGoal, creation] = useCreateGoalMutation();
  const requestFocus = useRequestFocus();

  const create = async (values: WorkItemValues) => {
    const result = await createGoal(createFields(values));
    if ('error' in result) return;
    clearDraft(NEW_GOAL_DRAFT);
    // The new goal takes the focus once it is listed.
    requestFocus('goal', result.data.id);
    onDone();
  };

  return (
    <section className="panel new-goal">
      <WorkItemForm
        mode="create"
        name="New goal"
        saveLabel="Save new goal"
        cancelLabel="Cancel new goal"
        initial={blankValues}
        pending={creation.isLoading}
        error={creation.error}
        fallback="Failed to create goal"
        onSubmit={(values) => void create(values)}
        onCancel={onDone}
        draftKey={NEW_GOAL_DRAFT}
      />
    </section>
  );
};
