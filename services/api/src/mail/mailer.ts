import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The link the mail is about, logged by the file mailer so a local user can follow it. */
  link?: string;
  /** The Message-ID header (`<…@…>`): the same for a repeat of the same mail, so a mailbox can recognise it. */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const createSmtpMailer = (smtpUrl: string, from: string): Mailer => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.messageId ? { messageId: mail.messageId } : {}) });
    },
  };
};

/** Without SMTP: each mail becomes a file under DATA_DIR/mail, and its link goes to the log. */
export const createFileMailer = (dir: string, log: Logger): Mailer => ({
  async send(mail) {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`);
    await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: 0o600 });
    log.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, 'mail written to file (SMTP_URL not set)');
  },
});
