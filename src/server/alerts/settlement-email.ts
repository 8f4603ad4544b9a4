import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AdminSettlementResponse, SettlementFigures } from '../../shared/api/admin-settlement';
import { RTL_LANGUAGES, type Language } from '../../shared/constants';
import { countryNameIn } from '../../shared/country-names';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { settlementEmails, user } from '../db/schema';
import { emailLanguage } from '../mail/account-emails';
import { isolate } from '../mail/receipt-emails';
import type { Email, Mailer } from '../mail/mailer';
import { dayStart, utcDay } from '../orders/daily-figures';
import type { OrderLog } from '../orders/services';
import { logRaisedWalletDifferences, settlement } from '../orders/settlement';
import type { AlertThresholds } from './alert-settings';

/*
 * The money desk's morning e-mail (docs/decisions/071-…): once the day reaches the hour an admin set (UTC), every admin
 * gets yesterday's settlement, the figures GET /api/admin/settlement answers for that one day (the same function), in
 * their own language, with a link to that day on the console's settlement page. The instance whose insert of the day's
 * row in settlement_emails succeeds sends it: several instances send it once.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The countries the e-mail lists, those with the smallest margin first (as the console's table orders them). */
const COUNTRIES_LISTED = 10;

type Figure = 'completed' | 'captured' | 'refunded' | 'disputed' | 'providerCost' | 'processorFees' | 'feesCharged' | 'margin' | 'walletDifference';

interface SettlementEmailTexts {
  subject: string;
  lead: string;
  figures: Record<Figure, string>;
  countries: string;
  country: string;
  noOrders: string;
  open: string;
  why: string;
}

const TEXTS: Record<Language, SettlementEmailTexts> = {
  en: {
    subject: 'GlobalTopUp settlement of {day}',
    lead: 'The settlement of {day} (UTC), as the console shows it this morning.',
    figures: {
      completed: 'Orders completed',
      captured: 'Captured',
      refunded: 'Refunded',
      disputed: 'Disputed',
      providerCost: 'Top-up cost',
      processorFees: 'Card processing fees',
      feesCharged: 'Fees charged',
      margin: 'Margin',
      walletDifference: 'Wallet difference',
    },
    countries: 'Margin per country',
    country: 'Country',
    noOrders: 'No order was completed that day.',
    open: 'Open the settlement of {day}',
    why: 'You receive this as an admin of GlobalTopUp. It is switched off in the console, under Limits.',
  },
  es: {
    subject: 'Liquidación de GlobalTopUp del {day}',
    lead: 'La liquidación del {day} (UTC), tal como la muestra la consola esta mañana.',
    figures: {
      completed: 'Pedidos completados',
      captured: 'Cobrado',
      refunded: 'Reembolsado',
      disputed: 'En disputa',
      providerCost: 'Coste de las recargas',
      processorFees: 'Comisiones de tarjeta',
      feesCharged: 'Comisiones cobradas',
      margin: 'Margen',
      walletDifference: 'Diferencia del monedero',
    },
    countries: 'Margen por país',
    country: 'País',
    noOrders: 'Ese día no se completó ningún pedido.',
    open: 'Abrir la liquidación del {day}',
    why: 'Recibes esto como administrador de GlobalTopUp. Se desactiva en la consola, en Límites.',
  },
  fr: {
    subject: 'Règlement GlobalTopUp du {day}',
    lead: 'Le règlement du {day} (UTC), tel que la console le montre ce matin.',
    figures: {
      completed: 'Commandes terminées',
      captured: 'Encaissé',
      refunded: 'Remboursé',
      disputed: 'Contesté',
      providerCost: 'Coût des recharges',
      processorFees: 'Frais de carte',
      feesCharged: 'Frais facturés',
      margin: 'Marge',
      walletDifference: 'Écart du portefeuille',
    },
    countries: 'Marge par pays',
    country: 'Pays',
    noOrders: 'Aucune commande n’a été terminée ce jour-là.',
    open: 'Ouvrir le règlement du {day}',
    why: 'Vous recevez ceci en tant qu’administrateur de GlobalTopUp. Il se désactive dans la console, sous Limites.',
  },
  ar: {
    subject: 'تسوية GlobalTopUp ليوم {day}',
    lead: 'تسوية يوم {day} (بالتوقيت العالمي) كما تعرضها وحدة التحكم هذا الصباح.',
    figures: {
      completed: 'الطلبات المكتملة',
      captured: 'المبلغ المحصَّل',
      refunded: 'المبلغ المسترد',
      disputed: 'المبلغ المعترض عليه',
      providerCost: 'تكلفة الشحن',
      processorFees: 'رسوم معالجة البطاقات',
      feesCharged: 'الرسوم المحصَّلة',
      margin: 'الهامش',
      walletDifference: 'فرق المحفظة',
    },
    countries: 'الهامش حسب البلد',
    country: 'البلد',
    noOrders: 'لم يكتمل أي طلب في ذلك اليوم.',
    open: 'فتح تسوية يوم {day}',
    why: 'تصلك هذه الرسالة بصفتك مسؤولًا في GlobalTopUp. يمكن إيقافها من وحدة التحكم، في صفحة الحدود.',
  },
};

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const ENGLISH_REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
const usd = (cents: number) => USD.format(cents / 100);

type Settled = Omit<AdminSettlementResponse, 'success'>;

/** The figures' rows: label and value (amounts left-to-right in every language). */
function figureRows(texts: SettlementEmailTexts, totals: Settled['totals']): Array<[string, string]> {
  const money: Array<[Figure, keyof SettlementFigures | 'walletDifferenceCents']> = [
    ['captured', 'capturedCents'],
    ['refunded', 'refundedCents'],
    ['disputed', 'disputedCents'],
    ['providerCost', 'providerCostCents'],
    ['processorFees', 'processorFeeCents'],
    ['feesCharged', 'feesChargedCents'],
    ['margin', 'marginCents'],
    ['walletDifference', 'walletDifferenceCents'],
  ];
  return [
    [texts.figures.completed, String(totals.orders.completed)],
    ...money.map(([figure, key]): [string, string] => [texts.figures[figure], usd(totals[key] as number)]),
  ];
}

/** Yesterday's settlement as one admin reads it, in their language. */
export function settlementEmail(to: string, language: string, settled: Settled, publicUrl: string): Email {
  const lang = emailLanguage(language);
  const texts = TEXTS[lang];
  const day = settled.from;
  const rtl = RTL_LANGUAGES.includes(lang);
  // Dates and amounts read left to right inside a right-to-left line.
  const ltr = (value: string) => (rtl ? isolate(value) : value);
  const fill = (text: string) => text.replaceAll('{day}', ltr(day));
  const fillHtml = (text: string) => escape(text).replaceAll('{day}', `<span dir="ltr">${day}</span>`);
  const link = new URL(`/admin/settlement?from=${day}&to=${day}`, publicUrl).toString();
  const rows = figureRows(texts, settled.totals);
  const countries = settled.countries.slice(0, COUNTRIES_LISTED).map((country): [string, string] => {
    const name = countryNameIn(country.countryIso, ENGLISH_REGIONS.of(country.countryIso) ?? country.countryIso, lang);
    return [name, usd(country.marginCents)];
  });
  const dir = rtl ? 'rtl' : 'ltr';
  const lines = (list: Array<[string, string]>) => list.map(([label, value]) => `${label}: ${ltr(value)}`).join('\n');
  const table = (list: Array<[string, string]>, head?: [string, string]) =>
    `<table cellpadding="4" cellspacing="0">${head ? `<tr><th scope="col">${escape(head[0])}</th><th scope="col">${escape(head[1])}</th></tr>` : ''}${list
      .map(([label, value]) => `<tr><th scope="row" style="font-weight:normal">${escape(label)}</th><td dir="ltr">${escape(value)}</td></tr>`)
      .join('')}</table>`;
  const countriesText = countries.length ? `${texts.countries}\n${lines(countries)}` : texts.noOrders;
  const countriesHtml = countries.length
    ? `<h2 style="font-size:16px">${escape(texts.countries)}</h2>${table(countries, [texts.country, texts.figures.margin])}`
    : `<p>${escape(texts.noOrders)}</p>`;
  return {
    to,
    subject: fill(texts.subject),
    text: `${fill(texts.lead)}\n\n${lines(rows)}\n\n${countriesText}\n\n${fill(texts.open)}: ${link}\n\n${texts.why}`,
    html:
      `<div dir="${dir}" lang="${lang}"><p>${fillHtml(texts.lead)}</p>${table(rows)}${countriesHtml}` +
      `<p><a href="${link.replaceAll('&', '&amp;')}">${fillHtml(texts.open)}</a></p><p style="font-size:12px">${escape(texts.why)}</p></div>`,
  };
}

export interface SettlementEmailDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: OrderLog;
}

/** What a look did: switched off, before the hour, sent already (by this instance or another), or sent now. */
export type SettlementEmailOutcome = 'off' | 'early' | 'taken' | { sent: number };

/**
 * Sends yesterday's settlement to every admin when the setting is on, the day (UTC) has reached its hour, and no
 * instance has claimed yesterday yet. A failure before any message went gives the day back for the next look.
 */
export async function sendSettlementEmail(deps: SettlementEmailDeps, setting: AlertThresholds['settlementEmail']): Promise<SettlementEmailOutcome> {
  if (!setting.on) return 'off';
  const now = deps.now();
  if (now.getUTCHours() < setting.hourUtc) return 'early';
  const day = utcDay(new Date(dayStart(utcDay(now)).getTime() - DAY_MS));
  const claimed = await rowsOf<{ day: string }>(
    deps.db,
    sql`insert into ${settlementEmails} (day, claimed_at) values (${day}::date, ${now.toISOString()}::timestamptz)
        on conflict (day) do nothing returning day`,
  );
  if (claimed.length === 0) return 'taken';
  let sent = 0;
  try {
    const found = await settlement(deps.db, { from: day, to: day }, now);
    logRaisedWalletDifferences(deps.log, found.raised);
    const admins = await deps.db
      .select({ email: user.email, language: user.language })
      .from(user)
      .where(and(eq(user.isAdmin, true), isNull(user.deletedAt)));
    for (const admin of admins) {
      try {
        await deps.mailer.send(settlementEmail(admin.email, admin.language, found.settlement, deps.publicUrl));
        sent++;
      } catch (error) {
        deps.log.error({ err: error, day }, 'the settlement e-mail to an admin failed');
      }
    }
    if (admins.length > 0 && sent === 0) throw new Error('no settlement e-mail could be sent');
  } catch (error) {
    await deps.db.delete(settlementEmails).where(eq(settlementEmails.day, day));
    throw error;
  }
  await deps.db.update(settlementEmails).set({ recipients: sent }).where(eq(settlementEmails.day, day));
  return { sent };
}
