import type { ReactNode } from 'react';
import './check-pills.css';

interface FilterGroupProps {
  legend: string;
  /** The feature's own class, for its refinements. */
  className?: string;
  /** The check pills. */
  children: ReactNode;
  /** After the pills, e.g. a button that ticks them all. */
  after?: ReactNode;
}

/** A fieldset of filter checkboxes (check pills) under a small legend. */
export const FilterGroup = ({ legend, className, children, after }: FilterGroupProps) => (
  <fieldset className={`filter-group${className ? ` ${className}` : ''}`}>
    <legend className="filter-group__legend">{legend}</legend>
    <div className="filter-group__options">{children}</div>
    {after}
  </fieldset>
);
