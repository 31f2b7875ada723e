import { sql, type Transaction } from 'kysely';
import type { OperationalTables } from '@tracker/projections/ops-db';
import type { ProjectedEvent } from '@tracker/projections/projector';
import type { LaneMember } from '@tracker/projections/runner';
import type { Accounts } from './accounts.ts';

export const ACCOUNT_MAIL = 'account_mail';

const handles = ['UserRegistered', 'PasswordResetAsked'] as const;
type Handled = ProjectedEvent<(typeof handles)[number]>;

/**
 * Verification and reset mail, run on the log rather than in the request, so a request's answer and
 * timing never depend on whether an address has an account, and a crash between an event and its
 * mail loses no mail. Effects run before the lane's checkpoint commits: after a crash (or a mailer
 * failure, which throws and is retried with backoff) the event comes again. The token is then
 * derived from the same cause, and the token's event appended under ids derived from it (a no-op
 * the second time), so the mail is sent again with the same, valid token: at-least-once delivery.
 */
export const accountMailReactor = (accounts: Accounts): LaneMember<OperationalTables, Handled['type']> => ({
  name: ACCOUNT_MAIL,
  handles,
  async apply(trx: Transaction<OperationalTables>, event: Handled) {
    switch (event.type) {
      case 'UserRegistered':
        await accounts.mailVerificationAsEffectOf(event);
        break;
      case 'PasswordResetAsked':
        await accounts.mailPasswordResetAsEffectOf(event);
        break;
    }
    // The lane's transaction waits while mail goes out; a statement between mails keeps a batch of
    // them from idling past idle_in_transaction_session_timeout, which would void (and repeat) it all.
    await sql`SELECT 1`.execute(trx);
  },
});
