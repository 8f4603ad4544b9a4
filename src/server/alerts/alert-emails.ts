import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AlertDetails, AlertKind } from '../../shared/api/admin-alerts';
import { formatUsd } from '../../shared/pricing';
import type { Database } from '../db/client';
import { businessAlerts, user } from '../db/schema';
import type { Email, Mailer, MarkedEmail } from '../mail/mailer';

/*
 * The e-mail admins get about an alert that asks for it (a low wallet, an operator switched off): sent once, whatever
 * the number of instances — the statement that marks the alert e-mailed is the one that keeps the messages (the outbox)
 * or follows each send (SMTP), as receipts are (ADR 042).
 */

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The alert in one sentence, for an admin (English: the console's e-mails go to the team). */
export function alertSentence(kind: AlertKind, details: AlertDetails): string {
  switch (kind) {
    case 'wallet_low':
      return `The top-up wallet is low: ${details.balance?.toFixed(2)} ${details.currencyCode} left, under the threshold of $${details.threshold}. Top it up before checkouts are refused.`;
    case 'operator_failing':
      return `${details.operatorName} (${details.countryIso}) failed ${details.failed} of its last ${details.sent} top-ups${
        details.switchedOff ? ' and was switched off in the catalogue. Switch it on again from the catalogue once it works.' : '.'
      }`;
    case 'wallet_difference':
      return `The wallet moved by $${formatUsd(details.amountCents ?? 0)} more than order ${details.orderId} explains.`;
    case 'decline_rate':
      return `${details.declines} of the last hour's ${details.payments} payment attempts were declined (over ${details.ratePercent} %).`;
  }
}

function alertEmail(to: string, alert: { id: number; kind: AlertKind; details: AlertDetails }, publicUrl: string): Email {
  const link = new URL('/admin/attention', publicUrl).toString();
  const sentence = alertSentence(alert.kind, alert.details);
  return {
    to,
    subject: `GlobalTopUp alert: ${alert.kind === 'wallet_low' ? 'the top-up wallet is low' : 'an operator was switched off'}`,
    text: `${sentence}\n\nNeeds attention: ${link}`,
    html: `<div lang="en"><p>${escape(sentence)}</p><p><a href="${link}">Needs attention</a></p></div>`,
  };
}

/**
 * E-mails every admin about the open alerts that ask for it and were not e-mailed yet; answers how many alerts were.
 * Each alert's messages share its id as their key, so the one statement that marks it e-mailed (only while it was
 * not) keeps them all, or none when another instance marked it first.
 */
export async function sendAlertEmails(deps: { db: Database; mailer: Mailer; publicUrl: string; now: () => Date }): Promise<number> {
  const { db } = deps;
  const due = await db
    .select({ id: businessAlerts.id, kind: businessAlerts.kind, details: businessAlerts.details })
    .from(businessAlerts)
    .where(and(isNull(businessAlerts.resolvedAt), eq(businessAlerts.emailWanted, true), isNull(businessAlerts.emailedAt)))
    .limit(20);
  if (due.length === 0) return 0;
  const admins = await db
    .select({ email: user.email })
    .from(user)
    .where(and(eq(user.isAdmin, true), isNull(user.deletedAt)));
  const messages: MarkedEmail[] = due.flatMap((alert) =>
    admins.map(({ email }) => ({
      key: alert.id,
      email: alertEmail(email, { ...alert, kind: alert.kind as AlertKind, details: alert.details as AlertDetails }, deps.publicUrl),
    })),
  );
  const mark = (keys: number[]) =>
    sql`update ${businessAlerts} set emailed_at = ${deps.now().toISOString()}::timestamptz
        where id in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}) and emailed_at is null returning id as key`;
  if (messages.length === 0) {
    // No admin to tell: marked, so that it is not looked at every minute.
    await db.execute(mark(due.map((alert) => alert.id)));
    return 0;
  }
  const outcomes = await deps.mailer.sendMarked(messages, mark);
  return new Set([...outcomes].filter(([, outcome]) => outcome === 'sent').map(([key]) => key)).size;
}
