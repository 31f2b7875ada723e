import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy.ts';
import { WebhookRefused } from './address-policy.ts';

export interface SendOutcome {
  ok: boolean;
  /** The receiver's status; undefined when none came. */
  statusCode?: number;
  /** Why it failed (refused, timed out, unreachable, a redirect, a non-2xx status). */
  error?: string;
}

export interface SenderOptions {
  policy: AddressPolicy;
  /** The whole attempt, connect to last byte read (ms). */
  timeoutMs: number;
  /** At most this much of an answer is read; the rest is dropped (the status is what counts). */
  maxResponseBytes: number;
}

export type WebhookSender = (url: string, headers: Record<string, string>, body: string) => Promise<SendOutcome>;

/**
 * One POST: the host resolved and checked now (not at creation: DNS may have changed), the
 * connection made to the checked address (the lookup is pinned, so no second resolution can
 * differ), redirects not followed (a 3xx is a failure), a time bound on the whole attempt and a cap
 * on what is read back.
 */
export const createWebhookSender =
  ({ policy, timeoutMs, maxResponseBytes }: SenderOptions): WebhookSender =>
  async (target, headers, body) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return { ok: false, error: 'not a URL' };
    }
    let resolved;
    try {
      resolved = await policy.resolve(url);
    } catch (error) {
      return { ok: false, error: error instanceof WebhookRefused ? `refused: ${error.message}` : String(error) };
    }
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all) (callback as (err: null, addresses: Array<{ address: string; family: number }>) => void)(null, [resolved]);
      else callback(null, resolved.address, resolved.family);
    };
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<SendOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: SendOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const request = transport.request(
        url,
        {
          method: 'POST',
          lookup: pinned,
          agent: false,
          headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'points-tracker-webhooks/1' },
        },
        (response) => {
          const statusCode = response.statusCode ?? 0;
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > maxResponseBytes) response.destroy();
          });
          const done = () => {
            if (statusCode >= 200 && statusCode < 300) finish({ ok: true, statusCode });
            else if (statusCode >= 300 && statusCode < 400) finish({ ok: false, statusCode, error: 'redirect refused' });
            else finish({ ok: false, statusCode, error: `answered ${statusCode}` });
          };
          response.on('end', done);
          response.on('close', done);
          response.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        request.destroy(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      request.on('error', (error) => finish({ ok: false, error: error.message }));
      request.end(body);
    });
  };
