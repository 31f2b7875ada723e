import { defineContractFeature } from '../feature.ts';
import { emailReserved, passwordResetAsked, userEvents } from './events.ts';

// `user-<id>`: the account; `email-<sha256>`: an address reserved for one account; `reset-<uuid>`:
// one forgot-password request (PasswordResetAsked).
export const usersContract = defineContractFeature({
  name: 'users',
  events: [emailReserved, passwordResetAsked, ...userEvents],
  streams: ['user', 'email', 'reset'],
});
