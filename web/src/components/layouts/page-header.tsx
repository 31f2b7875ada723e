import type { ReactNode, Ref } from 'react';

interface PageHeaderProps {
  /** The line above the title: what the page holds, the day, the zone or a greeting. */
  eyebrow: ReactNode;
  title: ReactNode;
  /** Under the title, in the same block. */
  description?: ReactNode;
  /** The page's own controls beside the title block (new, import, a picker). */
  children?: ReactNode;
  className?: string;
  /** A page that moves focus to its heading (after navigating, after a deletion) makes it focusable. */
  focusable?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Data attributes on the heading (a focus target's marker) and on the eyebrow (what tests read). */
  headingData?: Record<`data-${string}`, string>;
  eyebrowData?: Record<`data-${string}`, string>;
}

/** A page's header: its h1 with the line above it, and the page's controls beside them. */
export const PageHeader = ({ eyebrow, title, description, children, className, focusable, headingRef, headingData, eyebrowData }: PageHeaderProps) => (
  <header className={className ? `page-header ${className}` : 'page-header'}>
    <div>
      <p className="page-header__eyebrow" {...eyebrowData}>
        {eyebrow}
      </p>
      <h1 ref={headingRef} className="page-header__title" tabIndex={focusable ? -1 : undefined} {...headingData}>
        {title}
      </h1>
      {description}
    </div>
    {children}
  </header>
);
