import type { PointsReceipt } from '@tracker/contracts/points/receipt';
import type { ToastAction, useToast } from '../../components/toasts/use-toast.ts';
import { completionText } from './points-words.ts';
import { receiptWords } from './receipt-words.ts';

type Toasts = ReturnType<typeof useToast>;

/** What the points' receipt says, after what moved: ' — weight 2 × 10, halved: 1 day late' (nothing without one). */
export const receiptPart = (receipt: PointsReceipt | null | undefined): string => (receipt ? ` — ${receiptWords(receipt)}` : '');

/**
 * After a completion: the points it won and how the rules counted them (its receipt), e.g. '+10 points —
 * weight 2 × 10, halved: 1 day late' (a completion worth nothing still says it is done), with the
 * item's toast key and an Undo.
 */
export const completedToast = (
  toast: Toasts,
  title: string,
  { points, receipt, streak }: { points: number; receipt?: PointsReceipt | undefined; streak?: number | undefined },
  undo?: { key: string; action: ToastAction },
): void => {
  toast.success(`${completionText(points, streak)}${receiptPart(receipt)}`, { title, ...undo });
};
