/**
 * The last answers of the screens' reads, kept on this device per user (answers-on-device.ts) so a
 * reload without a connection still shows them. Here only what the first screen needs: the keys'
 * prefix and the erasing at sign-out (token-storage.ts), so no answer outlives the session that read it.
 */
export const ANSWERS_PREFIX = 'answers:';

export const answersKey = (userId: string): string => `${ANSWERS_PREFIX}${userId}`;

/** Every user's kept answers on this device, gone. */
export const forgetAnswers = (): void => {
  try {
    const storage = window.localStorage;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key?.startsWith(ANSWERS_PREFIX)) storage.removeItem(key);
  } catch {
    // No storage (disabled, or no window): nothing was kept.
  }
};
