import { createAction } from '@reduxjs/toolkit';

/**
 * The server refused this session's token (a 401 to a call that carried it). Its own module because
 * the base query dispatches it and the auth slice, which imports the api, reacts to it.
 */
export const sessionExpired = createAction('auth/sessionExpired');
