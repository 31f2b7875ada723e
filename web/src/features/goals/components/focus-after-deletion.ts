/** Marks the heading that takes the focus when the last item of its list is deleted. */
export const deletionFocusAttribute = 'data-deletion-focus';

/**
 * Where the focus goes when an item is deleted: the next item's title, else the previous one's, else
 * the heading of the list (the tasks' or subtasks' heading inside the parent, or the page's).
 */
export const focusAfterDeletion = (item: HTMLElement | null): HTMLElement | null => {
  if (!item) return null;
  const sibling = item.nextElementSibling ?? item.previousElementSibling;
  const title = sibling?.querySelector<HTMLElement>(':scope > .work-item__row .work-item__title');
  if (title) return title;
  const section = item.parentElement?.closest('.children');
  return (
    section?.querySelector<HTMLElement>(`:scope > header [${deletionFocusAttribute}]`) ?? document.querySelector<HTMLElement>(`h1[${deletionFocusAttribute}]`)
  );
};
