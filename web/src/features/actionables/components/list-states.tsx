import './list-states.css';

/** No items to show: what the list is for, and what to do next. */
export const EmptyState = ({ testId, title, text, children }: { testId: string; title: string; text: string; children?: React.ReactNode }) => (
  <section className="panel act-empty" data-testid={testId} aria-label={title}>
    <span className="act-empty__mark" aria-hidden="true">
      ◎
    </span>
    <h2 className="act-empty__title">{title}</h2>
    <p className="act-empty__text">{text}</p>
    {children}
  </section>
);
