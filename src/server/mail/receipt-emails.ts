import type { Merchant, Receipt } from '../../shared/api/receipts';
import { RTL_LANGUAGES } from '../../shared/constants';
import { receiptRows, receiptStateOf, type ReceiptRow, type ReceiptState } from '../../shared/receipt-format';
import { NOTICE_KINDS, RECEIPT_TEXTS, type NoticeKind, type OutboxKind } from '../../shared/receipt-texts';
import { emailLanguage } from './account-emails';
import { EMAIL_COLOURS as C } from './email-theme';
import type { Email } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** Keeps a number or reference left to right inside a right-to-left line of plain text (a left-to-right isolate). */
export const isolate = (text: string) => `\u2066${text}\u2069`;

/** Keeps text written in either direction (a name, an address) whole inside a right-to-left line (a first-strong isolate). */
const firstStrongIsolate = (text: string) => `\u2068${text}\u2069`;

/** The address of the printable receipt page of an order. */
export function receiptPageUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl}/profile/orders/${encodeURIComponent(orderId)}/receipt`;
}

export interface ReceiptEmailOptions {
  to: string;
  language: string;
  publicUrl: string;
  /** Who sold the top-up: named, with its address and support contact, at the foot of every message. */
  merchant: Merchant;
  /** reportDelivered: the reference the operator knows the top-up by. */
  reference?: string | null;
}

const isNotice = (kind: OutboxKind): kind is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(kind);

/** The receipt lines a message shows: a delay shows the order as under way, a resolved report the order as it is now. */
function stateShown(kind: OutboxKind, receipt: Receipt): ReceiptState {
  if (kind === 'delayed') return 'processing';
  if (kind === 'reportDelivered') return receiptStateOf(receipt);
  return kind;
}

/** A delayed top-up is not paid yet: its total is said to be held until delivery, and no "You Paid" line. */
function shownRows(kind: OutboxKind, rows: ReceiptRow[], heldUntilDelivery: string): ReceiptRow[] {
  if (kind !== 'delayed') return rows;
  return rows.filter((row) => row.name !== 'amount').map((row) => (row.name === 'total' ? { ...row, label: heldUntilDelivery } : row));
}

/**
 * The receipt e-mailed when a top-up completes, fails (its hold released) or is refunded, and the notices about an
 * order (a delayed top-up, a report resolved as delivered), in the customer's language: plain text, and HTML that mail
 * clients render (tables and inline styles in the product's colours, no scripts, no external files), every value
 * escaped. Each names the payment method and the merchant. Times are in UTC, and say so: the server does not know
 * the reader's time zone.
 */
export function receiptEmail(kind: OutboxKind, receipt: Receipt, options: ReceiptEmailOptions): Email {
  const { to, publicUrl, merchant } = options;
  const lang = emailLanguage(options.language);
  const texts = RECEIPT_TEXTS[lang];
  const rtl = RTL_LANGUAGES.includes(lang);
  const rows = shownRows(kind, receiptRows(receipt, stateShown(kind, receipt), lang, 'UTC'), texts.heldUntilDelivery);
  const subject = texts.subjects[kind].replace('{number}', receipt.recipientNumber);
  const reference = options.reference ?? receipt.operatorTransactionId ?? receipt.orderId;
  const lead = texts.leads[kind].replace('{reference}', reference);
  const pageUrl = receiptPageUrl(publicUrl, receipt.orderId);
  const settingsUrl = `${publicUrl}/profile`;
  // Receipts can be turned off in the profile; notices about an order under way or reported are always sent.
  const footer = isNotice(kind) ? null : texts.whyThisEmail;

  // French sets a (no-break) space before a colon.
  const colon = lang === 'fr' ? '\u00a0:' : ':';
  const ltrText = (value: string) => (rtl ? isolate(value) : value);
  const textLines = rows.map(({ label, value, ltr }) => `${label}${colon} ${ltr ? ltrText(value) : value}`);
  const text = [
    texts.titles[kind],
    '',
    rtl ? lead.replace(reference, isolate(reference)) : lead,
    '',
    ...textLines,
    '',
    `${texts.viewOnline}${colon} ${pageUrl}`,
    '',
    `${texts.soldBy}${colon} ${rtl ? firstStrongIsolate(merchant.legalName) : merchant.legalName}`,
    rtl ? firstStrongIsolate(merchant.address) : merchant.address,
    `${texts.support}${colon} ${ltrText(merchant.supportEmail)} · ${ltrText(merchant.supportPhone)}`,
    ...(footer ? ['', `${footer} ${settingsUrl}`] : []),
  ].join('\n');

  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  const cell = `padding:10px 0;border-bottom:1px solid ${C.border};font-size:14px;vertical-align:top`;
  const htmlRows = rows
    .map(({ label, value, ltr, strong }) => {
      const shown = ltr ? `<span dir="ltr">${escapeHtml(value)}</span>` : escapeHtml(value);
      const weight = strong ? 'font-weight:bold;' : '';
      return (
        `<tr><th scope="row" style="${cell};text-align:${start};font-weight:normal;color:${C.mutedForeground};padding-${end}:16px">${escapeHtml(label)}</th>` +
        `<td style="${cell};text-align:${end};color:${C.foreground};${weight}">${shown}</td></tr>`
      );
    })
    .join('');
  const leadHtml = escapeHtml(lead).replace(escapeHtml(reference), `<span dir="ltr">${escapeHtml(reference)}</span>`);
  const phoneHref = `tel:${merchant.supportPhone.replace(/[^\d+]/g, '')}`;
  const html = `<!doctype html>
<html lang="${lang}" dir="${rtl ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${C.background}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.background}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${rtl ? 'rtl' : 'ltr'}" style="max-width:560px;background:${C.card};border:1px solid ${C.border};border-radius:12px;font-family:Arial,Helvetica,sans-serif;color:${C.foreground};text-align:${start}">
<tr><td style="padding:16px 24px;background:${C.primary};border-radius:12px 12px 0 0;font-size:16px;font-weight:bold;color:${C.primaryForeground}">${escapeHtml(texts.brand)}</td></tr>
<tr><td style="padding:24px 24px 0 24px"><h1 style="margin:0;font-size:22px;line-height:1.3;color:${C.foreground}">${escapeHtml(texts.titles[kind])}</h1></td></tr>
<tr><td style="padding:12px 24px 0 24px"><p style="margin:0;padding:12px 16px;border-radius:8px;background:${C.accent};color:${C.accentForeground};font-size:15px;line-height:1.5">${leadHtml}</p></td></tr>
<tr><td style="padding:16px 24px 0 24px">
<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${htmlRows}</table>
</td></tr>
<tr><td style="padding:24px 24px 0 24px"><a href="${escapeHtml(pageUrl)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:${C.primary};color:${C.primaryForeground};font-size:14px;font-weight:bold;text-decoration:none">${escapeHtml(texts.viewOnline)}</a></td></tr>
<tr><td style="padding:24px 24px 0 24px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.muted};border-radius:8px"><tr><td style="padding:12px 16px;font-size:13px;line-height:1.6;color:${C.foreground}">
<strong>${escapeHtml(texts.soldBy)}${colon}</strong> <span dir="auto">${escapeHtml(merchant.legalName)}</span><br><span dir="auto">${escapeHtml(merchant.address)}</span><br>
<strong>${escapeHtml(texts.support)}${colon}</strong> <a href="mailto:${escapeHtml(merchant.supportEmail)}" style="color:${C.primary}" dir="ltr">${escapeHtml(merchant.supportEmail)}</a> · <a href="${escapeHtml(phoneHref)}" style="color:${C.primary};white-space:nowrap" dir="ltr">${escapeHtml(merchant.supportPhone)}</a>
</td></tr></table></td></tr>
<tr><td style="padding:20px 24px 24px 24px;font-size:12px;line-height:1.5;color:${C.mutedForeground}">${footer ? `${escapeHtml(footer)} <a href="${escapeHtml(settingsUrl)}" style="color:${C.mutedForeground}">${escapeHtml(settingsUrl)}</a>` : ''}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
  return { to, subject, text, html };
}
