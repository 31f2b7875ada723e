import { useState } from 'react';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useDeleteActionableMutation, useUpdateActionableMutation } from '../api/actionables.api.ts';
import { changedFields, valuesOf, type ActionableValues } from '../model/actionable-values.ts';
import { statusPointsToast } from '../../../lib/points/points-toasts.ts';
import type { ShownActionable } from '../transfer/import-parser.ts';
import { useReturnFocus } from './use-return-focus.ts';

/**
 * Editing and deleting one actionable or habit, as its item and its card both offer them: the inline
 * editor (Edit opens and closes it, focus returns to Edit), saving only what changed, and the delete
 * confirmation with its call.
 */
export const useActionableChanges = (item: ShownActionable, zone: string, isHabit: boolean = item.isHabit) => {
  const toast = useToast();
  const [save, edit] = useUpdateActionableMutation();
  const [remove, removal] = useDeleteActionableMutation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editButton = useReturnFocus<HTMLButtonElement>(editing);
  const label = isHabit ? 'Habit' : 'Actionable';

  return {
    label,
    edit,
    removal,
    editing,
    confirming,
    editButton,
    toggleEditor: () => {
      edit.reset();
      setEditing((open) => !open);
    },
    closeEditor: () => setEditing(false),
    askToDelete: () => {
      removal.reset();
      setConfirming(true);
    },
    cancelDelete: () => setConfirming(false),
    submit: async (values: ActionableValues) => {
      const changes = changedFields(valuesOf(item, zone), values, zone, isHabit);
      if (Object.keys(changes).length > 0) {
        const result = await save({ item, changes });
        if ('error' in result) return;
        if (changes.status)
          statusPointsToast(toast, `${label} ${changes.status === 'completed' ? 'completed' : 'updated'}`, item.pointsAwarded, result.data.pointsAwarded);
      }
      setEditing(false);
    },
    confirmDelete: async () => {
      const result = await remove(item);
      if (!('error' in result)) {
        setConfirming(false);
        toast.info(`“${item.title}” was deleted.`, { title: `${label} deleted` });
      }
    },
  };
};
