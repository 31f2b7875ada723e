import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { focusAfterRemoval } from '../../../lib/focus/focus-when-back.ts';
import { useDeleteWithUndo } from '../../../lib/offline/deferred-delete.ts';
import { useUpdateActionableMutation } from '../api/actionables.api.ts';
import { changedFields, valuesOf, type ActionableValues } from '../model/actionable-values.ts';
import { deletionNote } from '../model/deletion-note.ts';
import { statusPointsToast } from '../../../lib/points/status-points-toast.ts';
import type { ShownActionable } from '../transfer/import-parser.ts';
import { useReturnFocus } from './use-return-focus.ts';

/**
 * Editing and deleting one actionable or habit, as its item and its card both offer them: the inline
 * editor (Edit opens and closes it, focus returns to Edit), saving only what changed, and the delete:
 * asked first, then gone at once with an Undo (lib/offline/deferred-delete.ts).
 */
export const useActionableChanges = (item: ShownActionable, zone: string, isHabit: boolean = item.isHabit) => {
  const toast = useToast();
  const [save, edit] = useUpdateActionableMutation();
  const deleteWithUndo = useDeleteWithUndo();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editButton = useReturnFocus<HTMLButtonElement>(editing);
  const label = isHabit ? 'Habit' : 'Actionable';

  return {
    label,
    edit,
    editing,
    confirming,
    editButton,
    toggleEditor: () => {
      edit.reset();
      setEditing((open) => !open);
    },
    closeEditor: () => setEditing(false),
    askToDelete: () => setConfirming(true),
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
    /** `row`: the item's row or card, gone at once; the focus goes to the next one (or the page's heading), not to <body>. */
    confirmDelete: (row: HTMLElement | null) => {
      const next = focusAfterRemoval(row);
      flushSync(() => {
        setConfirming(false);
        deleteWithUndo({
          url: `/actionables/${encodeURIComponent(item.id)}`,
          itemId: item.id,
          title: item.title,
          label: `Delete ${isHabit ? 'habit' : 'to-do'} “${item.title}”`,
          note: deletionNote({ ...item, isHabit }),
        });
      });
      next?.focus();
    },
  };
};
