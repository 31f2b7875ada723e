import { useRef, useState, type FormEvent } from 'react';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import type { ApiError } from '../../../lib/api/api-errors.ts';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key.ts';
import { selectCurrentUser } from '../../../lib/auth/auth.slice.ts';
import { FOCUS_HEADING_STATE, useHeadingFocus } from '../../../lib/focus/use-heading-focus.ts';
import { startFailures, useCreateFirstGoalMutation, useCreateFirstHabitMutation } from '../api/start.api.ts';
import { goalSuggestions, habitSuggestions, startRequests } from '../model/suggestions.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import './start.css';

interface ChoiceProps {
  error?: string | undefined;
  legend: string;
  hint: string;
  label: string;
  name: string;
  suggestions: readonly string[];
  value: string;
  onChange: (value: string) => void;
}

/** One choice: suggestions a tap fills in (pressed while the field holds them; a second tap clears it), and the field to type one's own. */
const Choice = ({ error, legend, hint, label, name, suggestions, value, onChange }: ChoiceProps) => (
  <fieldset className="start__choice">
    <legend className="start__legend">{legend}</legend>
    <p className="start__hint">{hint}</p>
    <div className="start__suggestions" role="group" aria-label={`Suggested ${name}s`}>
      {suggestions.map((suggestion) => {
        const picked = value.trim() === suggestion;
        return (
          <button
            key={suggestion}
            type="button"
            className={`start__suggestion${picked ? ' start__suggestion--picked' : ''}`}
            aria-pressed={picked}
            onClick={() => onChange(picked ? '' : suggestion)}
          >
            {suggestion}
          </button>
        );
      })}
    </div>
    <TextField label={label} name={name} maxLength={200} autoComplete="off" value={value} error={error} onChange={(event) => onChange(event.target.value)} />
  </fieldset>
);

/**
 * The start, after registering: a first habit and a first goal, each a tap on a suggestion or typed,
 * or neither (Skip). Both are created through the routes the Habits and Goals screens use, each with
 * an Idempotency-Key that a retry after a failure keeps, then the dashboard, with the habit on
 * today's list.
 */
export const StartRoute = () => {
  const navigate = useNavigate();
  const user = useSelector(selectCurrentUser);
  const heading = useHeadingFocus<HTMLHeadingElement>({ always: true });
  const [habit, setHabit] = useState('');
  const [goal, setGoal] = useState('');
  const [createHabit, habitCall] = useCreateFirstHabitMutation();
  const [createGoal, goalCall] = useCreateFirstGoalMutation();
  const [failure, setFailure] = useState<{ error: ApiError; fallback: string } | null>(null);
  const [nothingPicked, setNothingPicked] = useState(false);
  const { ref: formRef, focusFirstInvalid } = useFirstInvalidFocus();
  // One key per title the user sends: a retry of the same title is the same action.
  const keys = useRef(new Map<string, string>());
  const keyFor = (kind: string, title: string) => {
    const at = `${kind}:${title}`;
    if (!keys.current.has(at)) keys.current.set(at, newIdempotencyKey());
    return keys.current.get(at)!;
  };
  const created = useRef(new Set<string>());

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const wanted = startRequests({ habit, goal });
    if (wanted.habit === undefined && wanted.goal === undefined) {
      setNothingPicked(true);
      return focusFirstInvalid();
    }
    const calls = [
      wanted.habit !== undefined ? { kind: 'habit' as const, title: wanted.habit, create: createHabit } : null,
      wanted.goal !== undefined ? { kind: 'goal' as const, title: wanted.goal, create: createGoal } : null,
    ];
    for (const call of calls) {
      if (!call || created.current.has(`${call.kind}:${call.title}`)) continue;
      const result = await call.create({ title: call.title, key: keyFor(call.kind, call.title) });
      if ('error' in result) return setFailure({ error: result.error, fallback: startFailures[call.kind] });
      created.current.add(`${call.kind}:${call.title}`);
    }
    await navigate('/dashboard', { replace: true, state: FOCUS_HEADING_STATE });
  };

  const firstName = user?.name.trim().split(/\s+/)[0];
  return (
    <div className="page page--narrow start">
      <title>Get started · Points Tracker</title>
      <PageHeader eyebrow={firstName ? `Welcome, ${firstName}` : 'Welcome'} title="Start with a habit and a goal" focusable headingRef={heading} />
      <p className="start__lead">
        Tap a suggestion or type your own. The habit lands on today's list, ready to tick off; the goal waits on the Goals page for its first tasks. Both can be
        changed any time.
      </p>
      <form ref={formRef} className="panel start__form" onSubmit={(event) => void submit(event)} noValidate>
        <Choice
          legend="A first habit"
          hint="Something small you want to do every day."
          label="Your habit"
          name="habit"
          suggestions={habitSuggestions}
          value={habit}
          error={nothingPicked ? 'Pick or type a habit or a goal, or skip for now.' : undefined}
          onChange={(value) => {
            setHabit(value);
            setNothingPicked(false);
          }}
        />
        <Choice
          legend="A first goal"
          hint="Something bigger, to break into tasks later."
          label="Your goal"
          name="goal"
          suggestions={goalSuggestions}
          value={goal}
          onChange={(value) => {
            setGoal(value);
            setNothingPicked(false);
          }}
        />
        {failure && <ServerErrorAlert error={failure.error} fallback={failure.fallback} />}
        <div className="start__actions">
          <Link className="button button--ghost" to="/dashboard" replace state={FOCUS_HEADING_STATE}>
            Skip for now
          </Link>
          <SubmitButton pending={habitCall.isLoading || goalCall.isLoading}>Add and start</SubmitButton>
        </div>
      </form>
    </div>
  );
};
