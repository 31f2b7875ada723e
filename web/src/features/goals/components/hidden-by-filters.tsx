import './hidden-by-filters.css';

/** 'Completed items hidden by the filters' under a list, so nothing seems lost. */
export const HiddenByFilters = ({ count, noun }: { count: number; noun: string }) =>
  count > 0 ? (
    <p className="hidden-note">
      {count} {noun}
      {count === 1 ? '' : 's'} hidden by the filters
    </p>
  ) : null;
