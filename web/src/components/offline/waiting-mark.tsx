import './waiting-mark.css';

/** In place of an item's Complete button while its completion waits on the device to be sent (the banner lists it). */
export const WaitingMark = ({ testId }: { testId?: string }) => (
  <span className="waiting-mark" data-testid={testId}>
    <span className="waiting-mark__dot" aria-hidden="true" />
    Waiting to be sent
  </span>
);
