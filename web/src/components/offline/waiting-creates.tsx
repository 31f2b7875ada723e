import type { WaitingCreate } from '../../lib/offline/waiting-creates.ts';
import { WaitingMark } from './waiting-mark.tsx';
import './waiting-mark.css';

/**
 * The to-dos or habits created on this device and waiting to be sent, under a list (lib/offline/
 * waiting-creates.ts): each its title, what it is and "Waiting to be sent" with an Undo.
 */
export const WaitingCreates = ({ creates }: { creates: readonly WaitingCreate[] }) =>
  creates.length > 0 && (
    <ul className="waiting-creates" aria-label="Created on this device, waiting to be sent" data-testid="waiting-creates">
      {creates.map(({ key, habit, title }) => (
        <li key={key} className="waiting-creates__item panel">
          <span className="waiting-creates__title">{title}</span>
          <span className="waiting-creates__kind">{habit ? 'Habit' : 'To do'}</span>
          <WaitingMark itemId={key} />
        </li>
      ))}
    </ul>
  );
