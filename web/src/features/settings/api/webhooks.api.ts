import type { z } from 'zod';
import { createWebhookResponse, webhookDeliveriesResponse, webhookResponse, webhooksResponse } from '@tracker/contracts/webhooks/http';
import type { CreateWebhookRequest, Webhook } from '@tracker/contracts/webhooks/http';
import { api } from '../../../lib/api/api.ts';
import { checkedQuery, type Reading } from '../../../lib/api/checked-query.ts';

export const webhooksFailures = {
  fetch: 'Failed to fetch your webhooks',
  create: 'Failed to add the webhook',
  deliveries: 'Failed to fetch the deliveries',
  resume: 'Failed to resume the webhook',
  remove: 'Failed to delete the webhook',
} as const;

export type WebhookDelivery = z.infer<typeof webhookDeliveriesResponse>['deliveries'][number];
export type CreatedWebhook = z.infer<typeof createWebhookResponse>['webhook'];

const reader =
  <Schema extends z.ZodType, Result>(schema: Schema, pick: (parsed: z.infer<Schema>) => Result) =>
  (answer: unknown): Reading<Result> => {
    const parsed = schema.safeParse(answer);
    return parsed.success ? { data: pick(parsed.data) } : { error: 'Invalid response format from server' };
  };

/** GET/POST /webhooks, a webhook's deliveries, resume and delete; every change refetches the list. */
export const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    listWebhooks: build.query<Webhook[], void>({
      queryFn: checkedQuery({ request: () => '/webhooks', read: reader(webhooksResponse, (p) => p.webhooks) }),
    }),
    listWebhookDeliveries: build.query<WebhookDelivery[], string>({
      queryFn: checkedQuery({
        request: (id: string) => `/webhooks/${encodeURIComponent(id)}/deliveries`,
        read: reader(webhookDeliveriesResponse, (p) => p.deliveries),
      }),
    }),
    createWebhook: build.mutation<CreatedWebhook, CreateWebhookRequest>({
      queryFn: checkedQuery({
        request: (body: CreateWebhookRequest) => ({ url: '/webhooks', method: 'POST', body }),
        read: reader(createWebhookResponse, (p) => p.webhook),
      }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false))
          void dispatch(webhooksApi.endpoints.listWebhooks.initiate(undefined, { forceRefetch: true }));
      },
    }),
    resumeWebhook: build.mutation<Webhook, { id: string; fromPosition?: string }>({
      queryFn: checkedQuery({
        request: ({ id, fromPosition }: { id: string; fromPosition?: string }) => ({
          url: `/webhooks/${encodeURIComponent(id)}/resume`,
          method: 'POST',
          body: fromPosition === undefined ? {} : { fromPosition },
        }),
        read: reader(webhookResponse, (p) => p.webhook),
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false)) {
          void dispatch(webhooksApi.endpoints.listWebhooks.initiate(undefined, { forceRefetch: true }));
          void dispatch(webhooksApi.endpoints.listWebhookDeliveries.initiate(id, { forceRefetch: true }));
        }
      },
    }),
    deleteWebhook: build.mutation<null, string>({
      queryFn: checkedQuery({
        request: (id: string) => ({ url: `/webhooks/${encodeURIComponent(id)}`, method: 'DELETE' }),
        read: () => ({ data: null }),
      }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false))
          dispatch(webhooksApi.util.updateQueryData('listWebhooks', undefined, (hooks) => hooks.filter((hook) => hook.id !== id)));
      },
    }),
  }),
});

export const { useListWebhooksQuery, useListWebhookDeliveriesQuery, useCreateWebhookMutation, useResumeWebhookMutation, useDeleteWebhookMutation } =
  webhooksApi;
