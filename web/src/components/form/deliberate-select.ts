import type { WorkItemStatus } from '@tracker/contracts/goals/http';

/**
 * What happens to a row's status <select>. Arrowing through a closed native select changes its value
 * (and fires change) in Chromium and Firefox on Windows and Linux, so a change that came from the
 * keyboard is only a draft until Enter or leaving the control; a choice from the open list (a click, or
 * Enter in it) is deliberate and applies at once. Escape drops the draft.
 */
export type StatusSelectEvent =
  { type: 'picked'; status: WorkItemStatus; byKeyboard: boolean } | { type: 'confirmed' } | { type: 'left' } | { type: 'reverted' };

export interface StatusSelectStep {
  /** The value shown while it differs from the saved status; null shows the saved one. */
  draft: WorkItemStatus | null;
  /** The status to save now, if any. */
  commit?: WorkItemStatus;
}

export const statusSelectStep = (saved: WorkItemStatus, draft: WorkItemStatus | null, event: StatusSelectEvent): StatusSelectStep => {
  switch (event.type) {
    case 'picked':
      if (event.status === saved) return { draft: null };
      return event.byKeyboard ? { draft: event.status } : { draft: null, commit: event.status };
    case 'confirmed':
    case 'left':
      return draft === null || draft === saved ? { draft: null } : { draft: null, commit: draft };
    case 'reverted':
      return { draft: null };
  }
};
