import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { SecretDerivation } from '../auth/one-time-tokens.ts';

/**
 * Standard Webhooks signatures: `webhook-signature: v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>`,
 * the key being the base64 after `whsec_` in the webhook's secret. Receivers compare in constant
 * time and refuse a timestamp more than REPLAY_WINDOW_SECONDS away from their clock.
 */
export const REPLAY_WINDOW_SECONDS = 5 * 60;
const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

export const signatureOf = (secret: string, messageId: string, timestamp: number, body: string): string =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64'))
    .update(`${messageId}.${timestamp}.${body}`)
    .digest('base64')}`;

/**
 * Secrets at rest: the server must sign with each secret, so it cannot keep a hash; it keeps it
 * encrypted (AES-256-GCM) under a key derived from the server secret, so a copy of the database
 * alone does not let anyone forge deliveries. Changing JWT_SECRET makes the stored secrets
 * unreadable: those webhooks are then paused with a notice to create them again.
 */
export interface SecretBox {
  seal(secret: string): string;
  open(sealed: string): string;
}

export const createSecretBox = (derive: SecretDerivation): SecretBox => {
  const key = Buffer.from(derive('webhooks:secret-key'), 'base64url');
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `v1:${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${sealed.toString('base64')}`;
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
};
