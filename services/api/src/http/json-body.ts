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

/** `METHOD /api/path` → a larger limit than the default: the body is read before routing, so routes say so here. */
const largerLimits = new Map<string, number>();

/** Lets one route (method and exact path, e.g. `POST /api/actionables/import`) take bodies up to `limit`. */
export const allowLargerBody = (method: string, path: string, limit: number): void => {
  largerLimits.set(`${method.toUpperCase()} ${path}`, limit);
};

/**
 * Parses JSON request bodies into ctx.state.body, refusing anything over `limit` with 413 (before
 * reading it all when Content-Length says so). Routes may allow a larger limit (imports): allowLargerBody.
 */
export const jsonBody =
  (defaultLimit = ONE_MEGABYTE): Middleware<AppState> =>
  async (ctx, next) => {
    ctx.state.body = undefined;
    const limit = largerLimits.get(`${ctx.method} ${ctx.path}`) ?? defaultLimit;
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
