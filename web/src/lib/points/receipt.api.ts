import type { AwardReceipt } from '@tracker/contracts/points/receipt';
import type { ReceiptPreviewQuery, ReceiptPreviewResponse } from '@tracker/contracts/points/receipt-http';
import { api } from '../api/api.ts';

/**
 * What a preview is asked for: the item, and `version`, what of it the receipt depends on as the
 * client knows it (weight, deadline, status, streak, today…). The version is not sent: it keys the
 * cache, so an item that changed is asked again, and one that was just completed (no longer shown
 * with a preview) is not asked again only to be refused.
 */
export type ReceiptPreviewArgs = ReceiptPreviewQuery & { version: string };

/** GET /points/receipt?sourceType&sourceId: what completing the item now would earn, and how. */
export const receiptApi = api.injectEndpoints({
  endpoints: (build) => ({
    previewReceipt: build.query<AwardReceipt, ReceiptPreviewArgs>({
      query: ({ sourceType, sourceId }) => ({ url: '/points/receipt', params: { sourceType, sourceId } }),
      transformResponse: (answer: ReceiptPreviewResponse) => answer.receipt,
    }),
  }),
});

export const { usePreviewReceiptQuery } = receiptApi;
