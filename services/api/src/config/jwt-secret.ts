import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const MIN_SECRET_BYTES = 32;

/**
 * JWT_SECRET when given (at least 32 bytes); otherwise a random secret generated once and kept in
 * DATA_DIR with mode 0600, so tokens survive restarts.
 */
export const resolveJwtSecret = async (given: string | undefined, dataDir: string): Promise<Uint8Array> => {
  if (given !== undefined) {
    const bytes = new TextEncoder().encode(given);
    if (bytes.length < MIN_SECRET_BYTES) throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes`);
    return bytes;
  }
  const file = path.join(dataDir, 'jwt-secret');
  await mkdir(dataDir, { recursive: true });
  if (!existsSync(file)) await writeFile(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(() => undefined);
  await chmod(file, 0o600);
  const secret = (await readFile(file, 'utf8')).trim();
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) throw new Error(`${file} holds a secret shorter than ${MIN_SECRET_BYTES} bytes`);
  return new TextEncoder().encode(secret);
};
