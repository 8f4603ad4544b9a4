import { and, desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'outbox' keeps the message in the email_outbox table. */
  kind: 'smtp' | 'outbox';
  send(email: Email): Promise<void>;
  /**
   * Sends `email` only if `record` (which marks it sent) succeeds, as closely as the transport allows: the outbox keeps
   * the message and the mark in one transaction, so it holds a message exactly when it was marked sent; SMTP, which
   * cannot be undone, sends and then marks. `record` answers false when the message must not go (another worker took
   * it over), and the outbox then keeps nothing. Answers whether the message went.
   */
  sendRecorded(email: Email, record: (db: Database) => Promise<boolean>): Promise<boolean>;
}

const FROM_ADDRESS = 'GlobalTopUp <no-reply@globaltopup.app>';

/** SMTP when SMTP_URL is set; otherwise the outbox table, which development and tests read back. */
export function createMailer(config: Pick<Config, 'smtpUrl'>, db: Database): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(email) {
        await transport.sendMail({ from: FROM_ADDRESS, ...email });
      },
      async sendRecorded(email, record) {
        await transport.sendMail({ from: FROM_ADDRESS, ...email });
        return record(db);
      },
    };
  }
  return {
    kind: 'outbox',
    async send(email) {
      await db.insert(emailOutbox).values({ ...email, to: email.to.toLowerCase() });
    },
    sendRecorded(email, record) {
      return db.transaction(async (tx) => {
        if (!(await record(tx))) return false;
        await tx.insert(emailOutbox).values({ ...email, to: email.to.toLowerCase() });
        return true;
      });
    },
  };
}

/** The newest outbox message for an address (optionally with a given subject), or undefined. */
export async function latestOutboxMessage(db: Database, to: string, subject?: string) {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to.trim().toLowerCase()), subject ? eq(emailOutbox.subject, subject) : undefined))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}
