import { useId, type ReactNode } from 'react';
import './empty-state.css';

interface EmptyStateProps {
  title: string;
  text: ReactNode;
  testId?: string;
  /** The ◎ that greets a list with nothing in it yet; a list emptied by filters goes without. */
  mark?: boolean;
  /** The goal tree's larger panel; lists use the regular one. */
  large?: boolean;
  /** Tighter padding, for a list whose items the filters hide. */
  filtered?: boolean;
  /** What to do next: a button or a link. */
  children?: ReactNode;
}

/** No items to show: what the list is for, and what to do next. */
export const EmptyState = ({ title, text, testId, mark = true, large = false, filtered = false, children }: EmptyStateProps) => {
  const titleId = useId();
  return (
    <section
      className={`panel empty-state${large ? ' empty-state--large' : ''}${filtered ? ' empty-state--filtered' : ''}`}
      data-testid={testId}
      aria-labelledby={titleId}
    >
      {mark && (
        <span className="empty-state__mark" aria-hidden="true">
          ◎
        </span>
      )}
      <h2 id={titleId} className="empty-state__title">
        {title}
      </h2>
      <p className="empty-state__text">{text}</p>
      {children}
    </section>
  );
};
