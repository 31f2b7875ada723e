import { worthText } from '../../lib/points/receipt-words.ts';
import { usePreviewReceiptQuery, type ReceiptPreviewArgs } from '../../lib/points/receipt.api.ts';
import './points-worth.css';

/**
 * 'Worth +20: weight 2 × 10' beside an item's Complete: the server's receipt for completing it now.
 * Says nothing while it is asked, or when it cannot be completed (the server refuses the preview as
 * it would the completion).
 */
export const PointsWorth = ({ source, testId, className }: { source: ReceiptPreviewArgs; testId?: string; className?: string }) => {
  const { data } = usePreviewReceiptQuery(source);
  if (!data) return null;
  return (
    <p className={`points-worth${className ? ` ${className}` : ''}`} data-testid={testId}>
      {worthText(data)}
    </p>
  );
};
