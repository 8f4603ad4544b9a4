import { and, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
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
   * Sends each message only if its mark holds, as closely as the transport allows. `mark(keys)` is a statement that
   * marks those messages sent and returns `{ key }` for each one it marked (none for a message another worker took
   * over). The outbox runs the marks and keeps the marked messages in one statement for the whole batch, so it holds a
   * message exactly when it was marked sent; SMTP, which cannot be undone, sends each message and then marks it (at
   * least once). SMTP looks at `stopping` before each message and leaves the rest untried; the outbox's one statement
   * is never left half done. Answers what became of each message tried.
   */
  sendMarked(messages: readonly MarkedEmail[], mark: (keys: number[]) => SQLWrapper, stopping?: () => boolean): Promise<Map<number, MarkOutcome>>;
}

/** A message with the key its mark knows it by (e.g. its receipt's id). */
export interface MarkedEmail {
  key: number;
  email: Email;
}

/** Sent; not sent because its mark found it taken over ('lost'); or failed, with the error. */
export type MarkOutcome = 'sent' | 'lost' | { error: unknown };

const FROM_ADDRESS = 'GlobalTopUp <no-reply@globaltopup.app>';

/** Where the outbox writes a copy of each e-mail it keeps (the server's log), when `writesEmailsToLog` says so. */
export interface EmailLog {
  info(details: Record<string, unknown>, message: string): void;
}

/**
 * Whether each e-mail kept in the outbox is also written to the server's log, with its links (docs/decisions/036-…):
 * only without SMTP_URL and on the sandbox payment provider, where no money moves and nobody else can read the mail.
 * With Stripe keys the links (which sign in, confirm and reset) are credentials of real customers: never logged.
 */
export function writesEmailsToLog(config: Pick<Config, 'smtpUrl' | 'stripe'>): boolean {
  return !config.smtpUrl && !config.stripe;
}

/** Every link of an e-mail, once each, in the order they appear: the html's hrefs, then any other in the text. */
export function emailLinks(email: Pick<Email, 'text' | 'html'>): string[] {
  const hrefs = [...email.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
  const inText = [...email.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
  return [...new Set([...hrefs, ...inText])];
}

/**
 * SMTP when SMTP_URL is set; otherwise the outbox table, which development and tests read back, and which also writes
 * each message it keeps to `log` when `writesEmailsToLog(config)`.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'stripe'>, db: Database, log?: EmailLog): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(email) {
        await transport.sendMail({ from: FROM_ADDRESS, ...email });
      },
      async sendMarked(messages, mark, stopping = () => false) {
        const outcomes = new Map<number, MarkOutcome>();
        for (const { key, email } of messages) {
          if (stopping()) break;
          try {
            await transport.sendMail({ from: FROM_ADDRESS, ...email });
            const marked = await rowsOf<{ key: number }>(db, mark([key]).getSQL());
            outcomes.set(key, marked.length === 1 ? 'sent' : 'lost');
          } catch (error) {
            outcomes.set(key, { error });
          }
        }
        return outcomes;
      },
    };
  }
  const logged = log && writesEmailsToLog(config) ? log : undefined;
  const kept = (email: Email) =>
    logged?.info(
      { email: { to: email.to.toLowerCase(), subject: email.subject, links: emailLinks(email) } },
      `e-mail to ${email.to.toLowerCase()} (not sent: SMTP_URL is not set)`,
    );
  return {
    kind: 'outbox',
    async send(email) {
      await db.insert(emailOutbox).values({ ...email, to: email.to.toLowerCase() });
      kept(email);
    },
    async sendMarked(messages, mark) {
      if (messages.length === 0) return new Map();
      const rows = sql.join(
        messages.map(({ key, email }) => sql`(${key}::integer, ${email.to.toLowerCase()}, ${email.subject}, ${email.text}, ${email.html})`),
        sql`, `,
      );
      const columns = [emailOutbox.to, emailOutbox.subject, emailOutbox.text, emailOutbox.html].map((column) => sql.identifier(column.name));
      try {
        const marked = await rowsOf<{ key: number }>(
          db,
          sql`
            with marked as (${mark(messages.map(({ key }) => key)).getSQL()}),
            kept as (
              insert into ${emailOutbox} (${sql.join(columns, sql`, `)})
              select ${sql.join(columns, sql`, `)} from (values ${rows}) as message (key, ${sql.join(columns, sql`, `)})
              where message.key in (select key from marked)
            )
            select key from marked`,
        );
        const sent = new Set(marked.map((row) => Number(row.key)));
        for (const { key, email } of messages) if (sent.has(key)) kept(email);
        return new Map(messages.map(({ key }) => [key, sent.has(key) ? 'sent' : 'lost']));
      } catch (error) {
        return new Map(messages.map(({ key }) => [key, { error }]));
      }
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
