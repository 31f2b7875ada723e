import { z } from 'zod';
import { id } from '../common/fields.ts';
import { pointsSourceTypes } from './events.ts';
import { awardReceipt } from './receipt.ts';

/** GET /points/receipt?sourceType&sourceId: the receipt completing that item now would get. */
export type PointsSourceType = (typeof pointsSourceTypes)[number];

export const receiptPreviewQuery = z.object({
  sourceType: z.enum(pointsSourceTypes, { message: `must be one of ${pointsSourceTypes.join(', ')}` }),
  sourceId: id,
});
export type ReceiptPreviewQuery = z.input<typeof receiptPreviewQuery>;
export const receiptPreviewResponse = z.object({ receipt: awardReceipt });
export type ReceiptPreviewResponse = z.infer<typeof receiptPreviewResponse>;
