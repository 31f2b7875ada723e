import { useCreateGoalMutation } from '../api/goals.api.ts';
import { useRequestFocus } from './focus-request.tsx';
import { WorkItemForm } from './work-item-form.tsx';
import { blankValues, createFields, type WorkItemValues } from '../model/work-item-values.ts';

export const NewGoalForm = ({ onDone }: { onDone: () => void }) => {
  const [createGoal, creation] = useCreateGoalMutation();
  const requestFocus = useRequestFocus();

  const create = async (values: WorkItemValues) => {
    const result = await createGoal(createFields(values));
    if ('error' in result) return;
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
      />
    </section>
  );
};
