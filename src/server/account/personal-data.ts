import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  account,
  adminAuditLog,
  attemptCounts,
  contactMessages,
  deliveryReports,
  emailOutbox,
  orderEvents,
  orders,
  receiptOutbox,
  sandboxPaymentIntents,
  sandboxTopups,
  savedRecipients,
  session,
  topupRequests,
  twoFactor,
  user,
  verification,
  orderRiskSignals,
  paymentDeclines,
} from '../db/schema';
import { emailKey, twoFactorKey } from '../auth/sign-in-throttle';
import { REQUEST_LIMITS } from '../request-limits';
import type { DataSubject, PersonalDataTable } from './personal-data-table';
import { SETTINGS_AUTHORS } from './settings-authors';
import { REFERRAL_DATA } from './personal-data-referrals';
import { AUTO_TOPUP_DATA } from './personal-data-auto-topups';
import { SAVED_CARD_DATA } from './personal-data-saved-cards';

type Tx = Database;

/**
 * Everything the product holds about one customer, table by table: how the customer's rows are exported (GET
 * /api/user/data) and how they are erased when the account is deleted (POST /api/user/delete). Every table of the
 * database is named either here or in TABLES_WITHOUT_PERSONAL_DATA; a test fails for a table in neither, so a table
 * added later is classified before it ships (docs/decisions/024-your-data.md).
 */

export type { DataSubject, PersonalDataTable } from './personal-data-table';

export const deletedEmailFor = (userId: string) => `deleted-${userId}@deleted.invalid`;

/** A number as kept after deletion: its last two digits behind dots ('•••••••12'), enough for the books, not to call. */
export function maskPhone(phone: string): string {
  return `${'•'.repeat(Math.max(phone.length - 2, 0))}${phone.slice(-2)}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with the subject's e-mail (any case), recipient numbers and name (3 characters or more) replaced. */
export function scrubText(text: string, subject: DataSubject): string {
  let scrubbed = text.replace(new RegExp(escapeRegExp(subject.email), 'gi'), subject.placeholderEmail);
  for (const phone of [...subject.phones].sort((a, b) => b.length - a.length)) {
    if (phone.length >= 4) scrubbed = scrubbed.split(phone).join(maskPhone(phone));
  }
  const name = subject.name.trim();
  if (name.length >= 3) scrubbed = scrubbed.replace(new RegExp(escapeRegExp(name), 'gi'), '•••');
  return scrubbed;
}

/** A JSON value with every string in it scrubbed (keys and structure stay as they are). */
export function scrubJson<T>(value: T, subject: DataSubject): T {
  if (typeof value === 'string') return scrubText(value, subject) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubJson(item, subject)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubJson(item as unknown, subject)])) as T;
  }
  return value;
}

/** An ILIKE pattern matching text that contains `text` as typed (its %, _ and backslash taken literally). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const sameEmail = (column: Parameters<typeof sql>[1], email: string) => sql`lower(${column}) = ${email.toLowerCase()}`;
const ordersOf = (tx: Tx, userId: string) => tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * In erase order: rows whose scrubbing reads other tables (events and reports read the user's orders) come before
 * the tables they read are changed, and the user row last.
 */
export const PERSONAL_DATA: readonly PersonalDataTable[] = [
  {
    table: 'order_events',
    // Exported with each order (see 'orders').
    async erase(tx, subject) {
      const rows = await tx
        .select({ id: orderEvents.id, detail: orderEvents.detail })
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, ordersOf(tx, subject.userId)));
      for (const row of rows) {
        if (!row.detail) continue;
        const detail = scrubJson(row.detail, subject);
        if (JSON.stringify(detail) !== JSON.stringify(row.detail)) await tx.update(orderEvents).set({ detail }).where(eq(orderEvents.id, row.id));
      }
    },
  },
  {
    table: 'delivery_reports',
    exportAs: 'deliveryReports',
    export: (tx, subject) =>
      tx
        .select({
          id: deliveryReports.id,
          orderId: deliveryReports.orderId,
          status: deliveryReports.status,
          message: deliveryReports.message,
          resolutionReference: deliveryReports.resolutionReference,
          createdAt: deliveryReports.createdAt,
          resolvedAt: deliveryReports.resolvedAt,
        })
        .from(deliveryReports)
        .where(eq(deliveryReports.userId, subject.userId))
        .orderBy(deliveryReports.createdAt),
    async erase(tx, subject) {
      // The report and its outcome stay with the order; the customer's own words go, and an admin's note loses them.
      const rows = await tx
        .select({ id: deliveryReports.id, note: deliveryReports.resolutionNote })
        .from(deliveryReports)
        .where(eq(deliveryReports.userId, subject.userId));
      for (const row of rows) {
        await tx
          .update(deliveryReports)
          .set({ message: null, resolutionNote: row.note === null ? null : scrubText(row.note, subject) })
          .where(eq(deliveryReports.id, row.id));
      }
    },
  },
  {
    table: 'receipt_outbox',
    // Holds no personal data (an order and an event); receipts not sent yet are not sent to an address that is gone.
    async erase(tx, subject) {
      await tx
        .update(receiptOutbox)
        .set({ skippedAt: subject.now })
        .where(and(inArray(receiptOutbox.orderId, ordersOf(tx, subject.userId)), isNull(receiptOutbox.sentAt), isNull(receiptOutbox.skippedAt)));
    },
  },
  {
    table: 'sandbox_topups',
    // The sandbox top-up provider's copy of the number (a real provider keeps its own, under its own terms).
    async erase(tx, subject) {
      await tx
        .update(sandboxTopups)
        .set({
          recipientPhone: sql`repeat('•', greatest(length(${sandboxTopups.recipientPhone}) - 2, 0)) || right(${sandboxTopups.recipientPhone}, 2)`,
        })
        .where(
          inArray(sandboxTopups.customIdentifier, tx.select({ id: orders.customIdentifier }).from(orders).where(eq(orders.userId, subject.userId))),
        );
    },
  },
  {
    table: 'sandbox_payment_intents',
    // The sandbox payment provider's copy of the receipt address.
    async erase(tx, subject) {
      await tx
        .update(sandboxPaymentIntents)
        .set({ receiptEmail: null })
        .where(
          inArray(
            sandboxPaymentIntents.id,
            tx
              .select({ id: sql<string>`${orders.paymentId}` })
              .from(orders)
              .where(and(eq(orders.userId, subject.userId), sql`${orders.paymentId} is not null`)),
          ),
        );
    },
  },
  {
    table: 'orders',
    exportAs: 'orders',
    async export(tx, subject) {
      const rows = await tx.select().from(orders).where(eq(orders.userId, subject.userId)).orderBy(orders.createdAt);
      const events = rows.length
        ? await tx
            .select({
              orderId: orderEvents.orderId,
              fromStatus: orderEvents.fromStatus,
              toStatus: orderEvents.toStatus,
              source: orderEvents.source,
              createdAt: orderEvents.createdAt,
            })
            .from(orderEvents)
            .where(
              inArray(
                orderEvents.orderId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(orderEvents.id)
        : [];
      return rows.map((row) => ({
        id: row.id,
        createdAt: iso(row.createdAt),
        status: row.status,
        countryIso: row.countryIso,
        operatorName: row.operatorName,
        recipientPhone: row.recipientPhone,
        amountCents: row.amountCents,
        percentageFeeCents: row.percentageFeeCents,
        standardFeeCents: row.standardFeeCents,
        totalCents: row.totalCents,
        currency: row.currency,
        localAmount: row.localAmount,
        destinationCurrencyCode: row.destinationCurrencyCode,
        planDescription: row.planDescription,
        receiptEmail: row.receiptEmail,
        deliveredAmount: row.deliveredAmount,
        deliveredCurrencyCode: row.deliveredCurrencyCode,
        operatorTransactionId: row.operatorTransactionId,
        // What paid it, as its receipt names it (the card's brand and last four, or the wallet): kept after deletion for the books.
        paymentMethodType: row.paymentMethodType,
        paymentMethodBrand: row.paymentMethodBrand,
        paymentMethodLast4: row.paymentMethodLast4,
        failureCode: row.failureCode,
        failureMessage: row.failureMessage,
        finishedAt: iso(row.finishedAt),
        refundedAt: iso(row.refundedAt),
        events: events
          .filter((event) => event.orderId === row.id)
          .map(({ fromStatus, toStatus, source, createdAt }) => ({ fromStatus, toStatus, source, createdAt: iso(createdAt) })),
      }));
    },
    async erase(tx, subject) {
      // Amounts, fees, statuses and dates stay: the business must keep them for its accounts.
      const rows = await tx
        .select({ id: orders.id, failureMessage: orders.failureMessage })
        .from(orders)
        .where(and(eq(orders.userId, subject.userId), sql`${orders.failureMessage} is not null`));
      for (const row of rows) {
        await tx
          .update(orders)
          .set({ failureMessage: scrubText(row.failureMessage!, subject) })
          .where(eq(orders.id, row.id));
      }
      await tx
        .update(orders)
        .set({
          recipientPhone: sql`repeat('•', greatest(length(${orders.recipientPhone}) - 2, 0)) || right(${orders.recipientPhone}, 2)`,
          receiptEmail: null,
        })
        .where(eq(orders.userId, subject.userId));
    },
  },
  {
    table: 'saved_recipients',
    exportAs: 'recipients',
    export: (tx, subject) =>
      tx
        .select({
          countryIso: savedRecipients.countryIso,
          nationalNumber: savedRecipients.nationalNumber,
          name: savedRecipients.name,
          operatorName: savedRecipients.operatorName,
          lastToppedUpAt: savedRecipients.lastToppedUpAt,
          createdAt: savedRecipients.createdAt,
        })
        .from(savedRecipients)
        .where(eq(savedRecipients.userId, subject.userId))
        .orderBy(savedRecipients.createdAt),
    erase: async (tx, subject) => void (await tx.delete(savedRecipients).where(eq(savedRecipients.userId, subject.userId))),
  },
  {
    table: 'topup_requests',
    exportAs: 'topupRequests',
    // The token itself is never kept (only its hash), so the export cannot hand out working links.
    export: (tx, subject) =>
      tx
        .select({
          countryIso: topupRequests.countryIso,
          nationalNumber: topupRequests.nationalNumber,
          suggestedAmountCents: topupRequests.suggestedAmountCents,
          note: topupRequests.note,
          createdAt: topupRequests.createdAt,
          expiresAt: topupRequests.expiresAt,
        })
        .from(topupRequests)
        .where(eq(topupRequests.userId, subject.userId))
        .orderBy(topupRequests.createdAt),
    erase: async (tx, subject) => void (await tx.delete(topupRequests).where(eq(topupRequests.userId, subject.userId))),
  },
  {
    table: 'contact_messages',
    exportAs: 'contactMessages',
    // Sent from the contact page, signed in or not: found by the address they were sent from.
    export: (tx, subject) =>
      tx
        .select({
          name: contactMessages.name,
          email: contactMessages.email,
          topic: contactMessages.topic,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(sameEmail(contactMessages.email, subject.email))
        .orderBy(contactMessages.createdAt),
    erase: async (tx, subject) => void (await tx.delete(contactMessages).where(sameEmail(contactMessages.email, subject.email))),
  },
  {
    table: 'email_outbox',
    // E-mails kept instead of sent (no SMTP): what was sent to the customer is not their data to download.
    erase: async (tx, subject) => void (await tx.delete(emailOutbox).where(sameEmail(emailOutbox.to, subject.email))),
  },
  {
    table: 'attempt_counts',
    async erase(tx, subject) {
      const address = subject.email.toLowerCase();
      await tx
        .delete(attemptCounts)
        .where(
          inArray(attemptCounts.key, [emailKey(address), twoFactorKey(subject.userId), `${REQUEST_LIMITS.accountMailsPerRecipient.name}:${address}`]),
        );
    },
  },
  {
    table: 'verification',
    // Reset links, two-factor challenges and trusted devices name the user in their value; identifiers are hashed.
    async erase(tx, subject) {
      await tx.delete(verification).where(or(eq(verification.value, subject.userId), sql`${verification.value} ilike ${containing(subject.email)}`));
    },
  },
  {
    table: 'admin_audit_log',
    /*
     * The log's rows stay (what was done, by whom, when), but personal data in them is replaced: the customer's e-mail
     * wherever it appears, their numbers in rows about them or their orders, and the address of a former admin's
     * own actions. This is the one change the append-only log allows (audit-log-append-only.test.ts).
     */
    async erase(tx, subject) {
      const orderIds = (await ordersOf(tx, subject.userId)).map((row) => row.id);
      const aboutSubject = or(
        and(eq(adminAuditLog.targetType, 'customer'), eq(adminAuditLog.targetId, subject.userId)),
        orderIds.length ? and(eq(adminAuditLog.targetType, 'order'), inArray(adminAuditLog.targetId, orderIds)) : undefined,
      );
      const pattern = containing(subject.email);
      const mentionsEmail = sql`(${adminAuditLog.before}::text ilike ${pattern} or ${adminAuditLog.after}::text ilike ${pattern} or ${adminAuditLog.reason} ilike ${pattern} or ${adminAuditLog.actorEmail} ilike ${pattern})`;
      const rows = await tx
        .select()
        .from(adminAuditLog)
        .where(or(aboutSubject, mentionsEmail, eq(adminAuditLog.actorId, subject.userId)));
      for (const row of rows) {
        const about =
          (row.targetType === 'customer' && row.targetId === subject.userId) || (row.targetType === 'order' && orderIds.includes(row.targetId));
        const scope = about ? subject : { ...subject, phones: [], name: '' };
        const changes = {
          actorEmail: row.actorId === subject.userId ? subject.placeholderEmail : scrubText(row.actorEmail, scope),
          reason: scrubText(row.reason, scope),
          before: row.before && scrubJson(row.before, scope),
          after: row.after && scrubJson(row.after, scope),
        };
        if (JSON.stringify(changes) === JSON.stringify({ actorEmail: row.actorEmail, reason: row.reason, before: row.before, after: row.after }))
          continue;
        await tx.update(adminAuditLog).set(changes).where(eq(adminAuditLog.id, row.id));
      }
    },
  },
  ...SETTINGS_AUTHORS,
  {
    table: 'order_risk_signals',
    // The signals of their payments stay with the orders, for disputes and fraud prevention; the network address they
    // paid from goes (its country, already among the signals, stays).
    erase: async (tx, subject) =>
      void (await tx
        .update(orderRiskSignals)
        .set({ clientAddress: null })
        .where(inArray(orderRiskSignals.orderId, ordersOf(tx, subject.userId)))),
  },
  {
    table: 'payment_declines',
    // Declined attempts keep counting against the card for an hour (card testing); the address they came from goes.
    erase: async (tx, subject) =>
      void (await tx.update(paymentDeclines).set({ clientAddress: null }).where(eq(paymentDeclines.userId, subject.userId))),
  },
  {
    table: 'two_factor',
    erase: async (tx, subject) => void (await tx.delete(twoFactor).where(eq(twoFactor.userId, subject.userId))),
  },
  {
    table: 'account',
    exportAs: 'signInMethods',
    // Which ways the customer signs in; never the password hash or the provider's tokens.
    export: (tx, subject) =>
      tx
        .select({ provider: account.providerId, createdAt: account.createdAt })
        .from(account)
        .where(eq(account.userId, subject.userId))
        .orderBy(account.createdAt),
    erase: async (tx, subject) => void (await tx.delete(account).where(eq(account.userId, subject.userId))),
  },
  {
    table: 'session',
    exportAs: 'sessions',
    export: (tx, subject) =>
      tx
        .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
        .from(session)
        .where(eq(session.userId, subject.userId))
        .orderBy(session.createdAt),
    erase: async (tx, subject) => void (await tx.delete(session).where(eq(session.userId, subject.userId))),
  },
  ...AUTO_TOPUP_DATA,
  ...SAVED_CARD_DATA,
  ...REFERRAL_DATA,
  {
    table: 'user',
    exportAs: 'account',
    async export(tx, subject) {
      const [row] = await tx.select().from(user).where(eq(user.id, subject.userId));
      return {
        id: row!.id,
        email: row!.email,
        name: row!.name,
        username: row!.username,
        image: row!.image,
        emailVerified: row!.emailVerified,
        twoFactorEnabled: row!.twoFactorEnabled,
        createdAt: iso(row!.createdAt),
        settings: { language: row!.language, theme: row!.theme, marketingPreference: row!.marketingPreference, receiptEmails: row!.receiptEmails },
      };
    },
    // The row stays (orders refer to it): every personal field is replaced, and the account can never sign in again.
    async erase(tx, subject) {
      await tx
        .update(user)
        .set({
          email: subject.placeholderEmail,
          name: '',
          image: null,
          username: null,
          emailVerified: false,
          twoFactorEnabled: false,
          isAdmin: false,
          marketingPreference: false,
          receiptEmails: false,
          blockedReason: null,
          language: 'en',
          theme: 'system',
          paymentCustomerId: null,
          deletedAt: subject.now,
        })
        .where(eq(user.id, subject.userId));
    },
  },
];

/**
 * The tables that hold nothing about a customer: the catalogue, prices and limits, the console's figures (sums per
 * day, no customer), the sandbox providers' refunds (amounts and ids only).
 */
export const TABLES_WITHOUT_PERSONAL_DATA: readonly string[] = [
  'price_config',
  'countries',
  'operators',
  'operator_prefixes',
  'disabled_operators',
  'daily_figures_days',
  'daily_figures_checks',
  'daily_status_figures',
  'daily_operator_figures',
  'daily_delivery_times',
  'daily_decline_figures',
  'daily_settlement_figures',
  'daily_wallet_figures',
  // The wallet's differences name orders, never who placed them.
  'wallet_differences',
  'sandbox_refunds',
  'sandbox_wallet',
  // The top-up wallet's balance readings, the business checks' turn (ADR 061, 062) and the settlement e-mails' days (ADR 071).
  'wallet_balance_readings',
  'business_check_runs',
  'settlement_emails',
  // A dispute names its order and the admin who answered it (a user id), never the customer (ADR 060). The sandbox's
  // disputes are its copy of what a card network keeps: evidence sent to it, as to Stripe, is not taken back.
  'disputes',
  'sandbox_disputes',
];
