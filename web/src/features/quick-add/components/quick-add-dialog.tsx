import { useId, useMemo, useRef, useState } from 'react';
import { ModalDialog } from '../../../components/dialogs/modal-dialog.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key.ts';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { useGetSettingsQuery } from '../../../lib/settings/settings.api.ts';
import { useToday } from '../../../lib/settings/use-today.ts';
import { useGetQuickAddGoalsQuery, useQuickAddMutation, useUndoQuickAddMutation, type QuickAdded } from '../api/quick-add.api.ts';
import { createBodyOf, parseQuickAdd, relativeDay, type QuickAddDraft } from '../model/quick-add-parser.ts';
import './quick-add-dialog.css';
import { isQueued, QUEUED_TEXT } from '../../../lib/offline/queued-change.ts';

const WEEK_STARTS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** 'tomorrow (Fri, Nov 27) at 17:00', 'Friday (Dec 4), end of the day'. */
export const dueInWords = (draft: QuickAddDraft, today: string): string | undefined => {
  if (!draft.date) return undefined;
  const day = `${relativeDay(draft.date, today)} (${formatLocalDate(draft.date, { weekday: 'short', month: 'short', day: 'numeric' })})`;
  return draft.time ? `${day} at ${draft.time}` : `${day}, by the end of the day`;
};

const goalInWords = (draft: QuickAddDraft): string => {
  switch (draft.goal.kind) {
    case 'none':
      return 'None';
    case 'matched':
      return draft.goal.goal.title;
    case 'unmatched':
      return `#${draft.goal.mark} matches no goal: added without one`;
    case 'ambiguous':
      return `#${draft.goal.mark} matches ${draft.goal.goals.length} goals (${draft.goal.goals.map((goal) => goal.title).join(', ')}): type more of the title`;
  }
};

/**
 * Quick add: one line ("Call mum tomorrow 17:00 !2 #garden") read as it is typed, a preview of what
 * Enter creates, then a toast with Undo (which deletes it). Loaded only when opened.
 */
export const QuickAddDialog = ({ onClose }: { onClose: () => void }) => {
  const today = useToday();
  const { data: settings } = useGetSettingsQuery();
  const { data: goals = [] } = useGetQuickAddGoalsQuery();
  const [line, setLine] = useState('');
  const [tried, setTried] = useState(false);
  const [add, adding] = useQuickAddMutation();
  const [undoAdd] = useUndoQuickAddMutation();
  const toast = useToast();
  const formId = useId();
  const previewId = useId();
  // One key per line: a retry of the same line after a failure is the same action to the server.
  const key = useRef({ line: '', key: newIdempotencyKey() });

  const weekStart = Math.max(0, WEEK_STARTS.indexOf(settings?.weekStart ?? 'sunday'));
  const draft = useMemo(
    () => parseQuickAdd(line, { today: today.date, timezone: today.timezone, weekStart, goals }),
    [line, today.date, today.timezone, weekStart, goals],
  );
  const due = dueInWords(draft, today.date);
  const empty = line.trim() === '';
  const problems = empty ? [] : draft.problems;

  const undo = async (added: QuickAdded) => {
    const result = await undoAdd(added);
    if ('error' in result) return void toast.error(errorMessage(result.error, added.habit ? 'Failed to delete habit' : 'Failed to delete actionable'));
    toast.info(`“${added.title}” is gone again.`, { title: 'Removed' });
  };

  const submit = async () => {
    setTried(true);
    if (empty || draft.problems.length > 0 || adding.isLoading) return;
    if (key.current.line !== line) key.current = { line, key: newIdempotencyKey() };
    const result = await add({ habit: draft.habit, body: createBodyOf(draft), key: key.current.key });
    if ('error' in result) {
      // Offline: kept on the device (the banner lists it, its toast can take it back) and sent when the connection returns.
      if (isQueued(result.error)) {
        onClose();
        toast.info(QUEUED_TEXT, { title: `“${draft.title}” will be added` });
      }
      return;
    }
    const added = result.data;
    onClose();
    const what = draft.habit ? `Daily habit${draft.time ? `, reminder at ${draft.time}` : ''}` : due ? `Due ${due}` : 'No deadline';
    toast.success(what, { title: `Added “${added.title}”`, action: { label: 'Undo', run: () => void undo(added) } });
  };

  return (
    <ModalDialog
      title="Quick add"
      onCancel={onClose}
      pending={adding.isLoading}
      error={adding.error ? errorMessage(adding.error, draft.habit ? 'Failed to create habit' : 'Failed to create actionable') : undefined}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={adding.isLoading}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" aria-busy={adding.isLoading || undefined}>
            {adding.isLoading && <span className="spinner" aria-hidden="true" />}
            Add
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="quick-add"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="What to add"
          hint="Dates, times and marks in the line: tomorrow 17:00, fri, in 3 days, 12/3, !2 (weight 1–10), #goal, daily."
          name="quick-add"
          autoComplete="off"
          spellCheck={false}
          value={line}
          onChange={(event) => setLine(event.target.value)}
          aria-describedby={previewId}
          error={tried && !empty && problems.length > 0 ? problems.join(' · ') : tried && empty ? 'Type what to do' : undefined}
          // The dialog opens for this field: focus goes straight to it.
          autoFocus
        />
        <section id={previewId} className="quick-add__preview" aria-label="Preview" data-testid="quick-add-preview">
          {empty ? (
            <p className="quick-add__empty">Type a line to see what Enter creates.</p>
          ) : (
            <dl className="quick-add__facts">
              <div>
                <dt>Creates</dt>
                <dd data-testid="quick-add-kind">{draft.habit ? 'A daily habit' : 'A to-do'}</dd>
              </div>
              <div>
                <dt>Title</dt>
                <dd data-testid="quick-add-title">{draft.title || '—'}</dd>
              </div>
              {draft.habit ? (
                <div>
                  <dt>Reminder</dt>
                  <dd>{draft.time ?? 'None'}</dd>
                </div>
              ) : (
                <div>
                  <dt>Due</dt>
                  <dd data-testid="quick-add-due">{due ?? 'No deadline'}</dd>
                </div>
              )}
              <div>
                <dt>Weight</dt>
                <dd data-testid="quick-add-weight">{draft.weight ?? '1 (the default)'}</dd>
              </div>
              <div>
                <dt>Goal</dt>
                <dd
                  data-testid="quick-add-goal"
                  className={draft.goal.kind === 'unmatched' || draft.goal.kind === 'ambiguous' ? 'quick-add__unmatched' : undefined}
                >
                  {goalInWords(draft)}
                </dd>
              </div>
            </dl>
          )}
          {/* Once Enter was pressed, the field's own message says them. */}
          {!tried && problems.length > 0 && (
            <ul className="quick-add__problems">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </section>
      </form>
    </ModalDialog>
  );
};
