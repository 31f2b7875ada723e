import type { Persistor } from 'redux-persist';
import { onTokenChange, type TokenStore } from '../auth/token-change.ts';

/**
 * Writes persisted state the moment the session changes (sign-in, sign-out), not on redux-persist's
 * next timer tick. A reload in between — a slow phone, a bookmark tapped right after signing in —
 * would otherwise restore the state from before: `persist:auth` still without a token puts the person
 * who just signed in back on the login page, and one still holding the old token signs a person who
 * just signed out back in. localStorage's `token` is written at once already (auth/token-storage.ts).
 */
export const writeSessionAtOnce = (store: TokenStore, persistor: Pick<Persistor, 'flush'>): (() => void) => onTokenChange(store, () => void persistor.flush());
