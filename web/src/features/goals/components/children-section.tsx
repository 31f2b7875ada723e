import { useState, type ReactNode } from 'react';
import type { WorkItemKind } from '../types/work-item-kind.ts';
import { PlusIcon } from '../../../components/icons/icons.tsx';
import { headingTags, itemName, kindLabels, type WorkItem } from '../model/work-item-format.ts';
import { deletionFocusAttribute } from './focus-after-deletion.ts';
import { useRequestFocus } from './focus-request.tsx';
import { WorkItemForm } from './work-item-form.tsx';
import { levels } from '../model/work-item-levels.ts';
import { blankValues, createFields, type WorkItemValues } from '../model/work-item-values.ts';
import { clearDraft, hasDraft } from '../../../lib/forms/drafts.ts';
import './children-section.css';

export interface ChildrenSectionProps<K extends WorkItemKind> {
  kind: K;
  /** The expanded goal or task these belong to. */
  parent: { kind: WorkItemKind; item: WorkItem };
  /** How many there are, once loaded. */
  count: number | undefined;
  /** The list or its state; told whether the add form is open, since an empty note would only repeat it. */
  children: (adding: boolean) => ReactNode;
}

/** Inside an expanded goal or task: the heading of its tasks or subtasks, and the form that adds one. */
export const ChildrenSection = <K extends WorkItemKind>({ kind, parent, count, children }: ChildrenSectionProps<K>) => {
  const level = levels[kind];
  const [create, creation] = level.useCreate();
  // A half-typed new task or subtask (lib/forms/drafts.ts) opens its form again after a reload.
  const draftKey = `new-${kind}-in-${parent.item.id}`;
  const [adding, setAdding] = useState(() => hasDraft(draftKey));
  const requestFocus = useRequestFocus();
  const Heading: (typeof headingTags)[WorkItemKind] = headingTags[kind];
  const parentName = itemName(parent.kind, parent.item.title);
  const { title } = parent.item;
  const plural = `${kindLabels[kind]}s`;

  const submit = async (values: WorkItemValues) => {
    const result = await create(level.createBody(createFields(values), parent.item.id));
    if ('error' in result) return;
    clearDraft(draftKey);
    // The new item takes the focus once it is listed.
    requestFocus(kind, result.data.id);
    setAdding(false);
  };

  return (
    <section className={`children children--${kind}s`} aria-label={`${plural} of ${parentName}`}>
      <header className="children__header">
        <Heading className="children__title" tabIndex={-1} {...{ [deletionFocusAttribute]: '' }}>
          {plural}
          {count !== undefined && count > 0 && <span className="children__count">{count}</span>}
        </Heading>
        <button
          type="button"
          className="button button--small button--secondary"
          aria-label={`Add ${kind} to ${parentName}`}
          aria-expanded={adding}
          onClick={() => {
            creation.reset();
            setAdding((open) => !open);
          }}
        >
          <PlusIcon />
          {`Add ${kind}`}
        </button>
      </header>
      {adding && (
        <WorkItemForm
          mode="create"
          name={`New ${kind} in ${title}`}
          saveLabel={`Save new ${kind} in ${title}`}
          cancelLabel={`Cancel new ${kind} in ${title}`}
          initial={blankValues}
          pending={creation.isLoading}
          error={creation.error}
          fallback={`Failed to create ${kind}`}
          onSubmit={(values) => void submit(values)}
          onCancel={() => setAdding(false)}
          draftKey={draftKey}
        />
      )}
      {children(adding)}
    </section>
  );
};
