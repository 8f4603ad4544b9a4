import { sql } from 'drizzle-orm';
import { RTL_LANGUAGES, type Language } from '../../shared/constants';
import { formatPhoneInternational } from '../../shared/phone-format';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { emailLanguage } from '../mail/account-emails';
import { onReceiptQueued } from '../orders/follow-ups';
import type { Email, Mailer } from '../mail/mailer';
import { callingCodeOf } from '../catalog/calling-code';

/**
 * A request link is answered when its number is topped up by someone other than its maker while it works: the airtime
 * the maker asked for arrived, whoever paid and however they reached the number (ADR 022). Its maker is then e-mailed
 * once. A poll does both, every 30 s on every instance: matching is one conditional update, and each notice is claimed
 * by a conditional update before it is sent, so two instances never send one twice.
 */
export const PAID_REQUESTS_POLL_MS = 30 * 1000;
const BATCH_SIZE = 20;
/** An order whose airtime arrived: completed, and what a completed order may become. */
const DELIVERED_STATUSES = sql.raw(`('completed', 'refunding', 'refunded', 'refund_failed')`);

export interface PaidRequestDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: { error(details: Record<string, unknown>, message: string): void };
}

/** Links the open, unanswered requests to a delivered top-up of their number made after them; answers how many. */
export async function matchPaidRequests(db: Database, now: Date): Promise<number> {
  const matched = await rowsOf<{ id: number }>(
    db,
    sql`update topup_requests r set paid_order_id = o.id, paid_at = ${now}
        from orders o
        where r.paid_order_id is null and r.expires_at > ${now}
          and o.country_iso = r.country_iso
          and o.recipient_phone in (r.national_number, ltrim(r.national_number, '0'), '0' || r.national_number)
          and o.created_at >= r.created_at
          and o.user_id is distinct from r.user_id
          and o.status in ${DELIVERED_STATUSES}
        returning r.id`,
  );
  return matched.length;
}

interface PaidNotice {
  id: number;
  countryIso: string;
  nationalNumber: string;
  email: string;
  language: string | null;
}

const TEXTS: Record<Language, { subject: string; body: string; again: string }> = {
  en: {
    subject: 'Your top-up request was answered',
    body: 'Good news: {number} was topped up through your request link. The airtime has arrived.',
    again: 'Ask for another top-up',
  },
  es: {
    subject: 'Tu solicitud de recarga fue atendida',
    body: 'Buenas noticias: {number} recibió una recarga a través de tu enlace de solicitud. El saldo ya llegó.',
    again: 'Pedir otra recarga',
  },
  fr: {
    subject: 'Votre demande de recharge a été honorée',
    body: 'Bonne nouvelle : {number} a été rechargé grâce à votre lien de demande. Le crédit est arrivé.',
    again: 'Demander une autre recharge',
  },
  ar: {
    subject: 'تمت الاستجابة لطلب إعادة الشحن',
    body: 'أخبار سارة: تم شحن الرقم {number} عبر رابط طلبك. وصل الرصيد.',
    again: 'اطلب إعادة شحن أخرى',
  },
};

/** The e-mail telling a link's maker it was answered, in their language. */
export function paidRequestEmail(notice: PaidNotice, publicUrl: string): Email {
  const language = emailLanguage(notice.language);
  const texts = TEXTS[language];
  const number = formatPhoneInternational(notice.nationalNumber, callingCodeOf(notice.countryIso));
  const link = new URL('/request', publicUrl).toString();
  const dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
  const [before, after] = texts.body.split('{number}') as [string, string];
  return {
    to: notice.email,
    subject: texts.subject,
    text: `${before}${number}${after}\n\n${texts.again}: ${link}`,
    html: `<div dir="${dir}" lang="${language}"><p>${before}<span dir="ltr">${number}</span>${after}</p><p><a href="${link}">${texts.again}</a></p></div>`,
  };
}

/** E-mails the makers of answered links not told yet; answers how many were sent. */
export async function notifyPaidRequests(deps: PaidRequestDeps): Promise<number> {
  await matchPaidRequests(deps.db, deps.now());
  const claimed = await rowsOf<PaidNotice>(
    deps.db,
    sql`update topup_requests r set paid_notified_at = ${deps.now()}
        from "user" u
        where r.id in (select id from topup_requests where paid_order_id is not null and paid_notified_at is null
                       order by paid_at limit ${BATCH_SIZE} for update skip locked)
          and u.id = r.user_id and u.deleted_at is null
        returning r.id, r.country_iso as "countryIso", r.national_number as "nationalNumber", u.email, u.language`,
  );
  let sent = 0;
  for (const notice of claimed) {
    try {
      await deps.mailer.send(paidRequestEmail(notice, deps.publicUrl));
      sent += 1;
    } catch (error) {
      // Handed back: the next poll tries again.
      deps.log.error({ err: error, requestId: notice.id }, 'request-link notice not sent');
      await deps.db.execute(sql`update topup_requests set paid_notified_at = null where id = ${notice.id}`);
    }
  }
  return sent;
}

/**
 * Looks for answered links in the background: whenever a move on this database queues a receipt (an order completing
 * is one), and every 30 s for what other instances completed; runs never overlap, and one asked for during a run
 * follows it.
 */
export function startPaidRequestNotices(deps: PaidRequestDeps, pollMs = PAID_REQUESTS_POLL_MS) {
  let stopped = false;
  let current: Promise<void> | null = null;
  let askedAgain = false;
  const kick = () => {
    if (stopped) return;
    if (current) {
      askedAgain = true;
      return;
    }
    current = notifyPaidRequests(deps)
      .then(() => undefined)
      .catch((error: unknown) => deps.log.error({ err: error }, 'request-link notices failed'))
      .finally(() => {
        current = null;
        if (askedAgain) {
          askedAgain = false;
          kick();
        }
      });
  };
  const timer = setInterval(kick, pollMs);
  timer.unref();
  const unsubscribe = onReceiptQueued(deps.db, kick);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await current;
    },
  };
}
