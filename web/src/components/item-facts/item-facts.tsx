import { CheckIcon } from '../icons/icons.tsx';
import './item-facts.css';

export type ChipTone = 'info' | 'success' | 'warning' | 'danger' | 'primary' | 'points';

/** The class of a fact's chip: plain, or in one of app/styles.css's tones. */
export const chipClass = (tone?: ChipTone): string => (tone ? `chip tone-${tone}` : 'chip chip--plain');

/** The ✓ before a completed item's title. */
export const DoneMark = () => (
  <span className="round-mark done-mark" aria-hidden="true">
    <CheckIcon />
  </span>
);
