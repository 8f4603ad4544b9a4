import type { Receipt } from '../../shared/api/receipts';
import { RTL_LANGUAGES } from '../../shared/constants';
import { receiptRows } from '../../shared/receipt-format';
import { RECEIPT_TEXTS, type ReceiptKind } from '../../shared/receipt-texts';
import { emailLanguage } from './account-emails';
import type { Email } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** Keeps a number or reference left to right inside a right-to-left line of plain text (a left-to-right isolate). */
const isolate = (text: string) => `\u2066${text}\u2069`;

/** The address of the printable receipt page of an order. */
export function receiptPageUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl}/profile/orders/${encodeURIComponent(orderId)}/receipt`;
}

/**
 * The receipt e-mailed when a top-up completes, fails (its hold released) or is refunded, in the customer's language:
 * plain text and HTML that mail clients render (tables and inline styles, no scripts, no external files), every value
 * escaped. Times are in UTC, and say so: the server does not know the reader's time zone.
 */
export function receiptEmail(
  kind: ReceiptKind,
  receipt: Receipt,
  { to, language, publicUrl }: { to: string; language: string; publicUrl: string },
): Email {
  const lang = emailLanguage(language);
  const texts = RECEIPT_TEXTS[lang];
  const rtl = RTL_LANGUAGES.includes(lang);
  const rows = receiptRows(receipt, kind, lang, 'UTC');
  const subject = texts.subjects[kind].replace('{number}', receipt.recipientNumber);
  const pageUrl = receiptPageUrl(publicUrl, receipt.orderId);
  const settingsUrl = `${publicUrl}/profile`;

  // French sets a (no-break) space before a colon.
  const colon = lang === 'fr' ? '\u00a0:' : ':';
  const textLines = rows.map(({ label, value, ltr }) => `${label}${colon} ${rtl && ltr ? isolate(value) : value}`);
  const text = [
    texts.titles[kind],
    '',
    texts.leads[kind],
    '',
    ...textLines,
    '',
    `${texts.viewOnline}${colon} ${pageUrl}`,
    '',
    `${texts.whyThisEmail} ${settingsUrl}`,
  ].join('\n');

  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  const cell = 'padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px;vertical-align:top';
  const htmlRows = rows
    .map(({ label, value, ltr, strong }) => {
      const shown = ltr ? `<span dir="ltr">${escapeHtml(value)}</span>` : escapeHtml(value);
      const weight = strong ? 'font-weight:bold;' : '';
      return (
        `<tr><th scope="row" style="${cell};text-align:${start};font-weight:normal;color:#4b5563;padding-${end}:16px">${escapeHtml(label)}</th>` +
        `<td style="${cell};text-align:${end};color:#111827;${weight}">${shown}</td></tr>`
      );
    })
    .join('');
  const html = `<!doctype html>
<html lang="${lang}" dir="${rtl ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${rtl ? 'rtl' : 'ltr'}" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#111827;text-align:${start}">
<tr><td style="padding:24px 24px 0 24px;font-size:14px;font-weight:bold;color:#2563eb">${escapeHtml(texts.brand)}</td></tr>
<tr><td style="padding:8px 24px 0 24px"><h1 style="margin:0;font-size:22px;line-height:1.3">${escapeHtml(texts.titles[kind])}</h1></td></tr>
<tr><td style="padding:12px 24px 0 24px;font-size:15px;line-height:1.5">${escapeHtml(texts.leads[kind])}</td></tr>
<tr><td style="padding:16px 24px 0 24px">
<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${htmlRows}</table>
</td></tr>
<tr><td style="padding:20px 24px 0 24px;font-size:14px"><a href="${escapeHtml(pageUrl)}" style="color:#2563eb">${escapeHtml(texts.viewOnline)}</a></td></tr>
<tr><td style="padding:20px 24px 24px 24px;font-size:12px;line-height:1.5;color:#6b7280">${escapeHtml(texts.whyThisEmail)} <a href="${escapeHtml(settingsUrl)}" style="color:#6b7280">${escapeHtml(settingsUrl)}</a></td></tr>
</table>
</td></tr></table>
</body>
</html>`;
  return { to, subject, text, html };
}
