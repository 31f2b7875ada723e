import { receiptPreviewQuery, receiptPreviewResponse } from '@tracker/contracts/points/receipt-http';
import { routesFor, type AnyRoute } from '../http/api-router.ts';
import { signedInContext } from '../http/command-context.ts';
import type { PointsServices } from './points.feature.ts';

const route = routesFor<PointsServices>();

/** Point receipts: what completing an item now would earn, and how, without completing it. */
export const receiptRoutes: AnyRoute<PointsServices>[] = [
  route({
    name: 'previewPointsReceipt',
    method: 'get',
    path: '/points/receipt',
    summary:
      "The receipt completing one of the caller's items now would get (rule, rules version, inputs, points), by the user's today and zone, without completing it. Refused as the completion would be: 404 for another user's or a missing item, 422 for a goal, task or subtask already completed, 409 for a to-do already completed or a habit already done for this period",
    tag: 'points',
    auth: true,
    errors: [404, 409, 422],
    query: receiptPreviewQuery,
    response: receiptPreviewResponse,
    handle: async ({ ctx, query, services: { previewReceipt } }) => {
      const { userId, clock } = signedInContext(ctx);
      return { receipt: await previewReceipt(userId, query.sourceType, query.sourceId, clock) };
    },
  }),
];
