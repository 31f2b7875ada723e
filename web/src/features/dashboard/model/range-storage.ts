import { aString, objectOf } from '../../../lib/persist/stored-checks.ts';
import { type DateRange, rangeProblem } from './date-range.ts';

/**
 * spec.md §4 keeps the dashboard's range across visits. The address carries it while on the page;
 * this device keeps the last one chosen (under `dashboard-range`) for the next visit. The default
 * (the last 7 days, which moves with today) is kept as no entry at all.
 */
export const RANGE_STORAGE_KEY = 'dashboard-range';

/** A kept range is used only if the server would accept it; anything else reads as none kept. */
const storedRange = objectOf<DateRange>({ startDate: aString({ max: 10 }), endDate: aString({ max: 10 }) });

export const readStoredRange = (): DateRange | undefined => {
  try {
    const range = storedRange(JSON.parse(window.localStorage.getItem(RANGE_STORAGE_KEY) ?? 'null'))?.value;
    return range && rangeProblem(range) === undefined ? range : undefined;
  } catch {
    return undefined;
  }
};

export const storeRange = (range: DateRange | undefined): void => {
  try {
    if (range) window.localStorage.setItem(RANGE_STORAGE_KEY, JSON.stringify(range));
    else window.localStorage.removeItem(RANGE_STORAGE_KEY);
  } catch {
    // Storage can be full or disabled: the address still holds the range.
  }
};
