import type { Middleware } from 'koa';
import { messages } from '@tracker/contracts/messages';
import { HttpError } from './problem.ts';
import type { AppState } from './app-state.ts';

export const ONE_MEGABYTE = 1024 * 1024;

const readLimited = async (stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, messages.payloadTooLarge, 'payload_too_large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/**
 * Parses JSON request bodies into ctx.state.body, refusing anything over `limit` with 413 (before
 * reading it all when Content-Length says so). Routes may allow a larger limit (imports).
 */
export const jsonBody =
  (limit = ONE_MEGABYTE): Middleware<AppState> =>
  async (ctx, next) => {
    ctx.state.body = undefined;
    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) && ctx.request.length !== 0 && (ctx.request.length || ctx.get('transfer-encoding'))) {
      if ((ctx.request.length ?? 0) > limit) throw new HttpError(413, messages.payloadTooLarge, 'payload_too_large');
      const raw = await readLimited(ctx.req, limit);
      if (raw.length > 0) {
        if (!ctx.is('application/json', 'application/*+json')) {
          throw new HttpError(415, 'Request body must be application/json', 'unsupported_media_type');
        }
        try {
          ctx.state.body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new HttpError(400, messages.invalidJson, 'invalid_json');
        }
      }
    }
    await next();
  };
