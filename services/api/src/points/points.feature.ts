import { defineFeature, type AppServices } from '../feature.ts';
import { createReceiptPreview, type ReceiptPreview } from './receipt-preview.ts';
import { pointsRoutes } from './points.routes.ts';
import { receiptRoutes } from './receipt.routes.ts';
import { weekStartFromSettings, type WeekStartOf } from './week-start.ts';

export interface PointsServices extends AppServices {
  weekStartOf: WeekStartOf;
  /** What completing an item now would earn, decided on its stream without appending. */
  previewReceipt: ReceiptPreview;
}

/** Points (spec.md §7): stats, recent activity, the heatmap and the leaderboard, from read models only; receipts previewed from the items' streams. */
export const pointsFeature = defineFeature<PointsServices>({
  name: 'points',
  tags: { points: 'Points totals, activity, heatmap, leaderboard and receipts' },
  services: (app) => ({ ...app, weekStartOf: weekStartFromSettings(app.db), previewReceipt: createReceiptPreview({ commands: app.commands }) }),
  routes: [...pointsRoutes, ...receiptRoutes],
});
