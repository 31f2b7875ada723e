import type { ReactNode } from 'react';
import './card.css';

export interface CardProps {
  /** The region's test id; `${id}-title` is its heading's id. */
  id: string;
  title: string;
  subtitle?: string | undefined;
  /** Extra classes, e.g. the card's place in a grid. */
  className?: string | undefined;
  /** Buttons beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled panel holding one read (its states, then its data); its heading names the region. */
export const Card = ({ id, title, subtitle, className, actions, children }: CardProps) => (
  <section className={`panel card${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-title`} data-testid={id}>
    <header className="card__header">
      <div>
        <h2 id={`${id}-title`} className="panel__title">
          {title}
        </h2>
        {subtitle && <p className="panel__subtitle">{subtitle}</p>}
      </div>
      {actions}
    </header>
    {children}
  </section>
);

/** What a card says when its read has nothing to show. */
export const EmptyNote = ({ children }: { children: ReactNode }) => <p className="card__empty">{children}</p>;
