import { useSelector, useStore } from 'react-redux';
import { selectSending, selectWaitingChange } from '../../lib/offline/offline.slice.ts';
import { takeBackChange, WAITING_FOR, type TakeBackStore } from '../../lib/offline/take-back.ts';
import './waiting-mark.css';

type State = Parameters<typeof selectWaitingChange>[0];

/**
 * In place of an item's Complete button while its completion waits on the device to be sent (the banner
 * lists it), with an Undo that takes it back unsent; none while a send is under way.
 */
export const WaitingMark = ({ itemId, testId }: { itemId: string; testId?: string }) => {
  const store = useStore() as unknown as TakeBackStore;
  const change = useSelector((state: State) => selectWaitingChange(state, itemId));
  const sending = useSelector(selectSending);
  return (
    <span className="waiting-mark" {...{ [WAITING_FOR]: itemId }}>
      <span className="waiting-mark__text" data-testid={testId}>
        <span className="waiting-mark__dot" aria-hidden="true" />
        Waiting to be sent
      </span>
      {change && !sending && (
        <button
          type="button"
          className="button button--small button--secondary waiting-mark__undo"
          aria-label={`Undo ${change.label}`}
          onClick={() => takeBackChange(store, change.key)}
        >
          Undo
        </button>
      )}
    </span>
  );
};
