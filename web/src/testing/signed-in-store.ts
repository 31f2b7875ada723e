import { makeStore } from '../app/store.ts';
import { aUser } from './fixtures.ts';

/** A store whose user is signed in (token 'tok'), as the API slices' specs start from. */
export const signedInStore = () => makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false } });
