import { describe, expect, it } from 'vitest';
import type { Receipt } from '../../shared/api/receipts';
import { SUPPORTED_LANGUAGES } from '../../shared/constants';
import { RECEIPT_TEXTS, type ReceiptKind } from '../../shared/receipt-texts';
import { SANDBOX_MERCHANT } from '../config';
import { EMAIL_COLOURS } from './email-theme';
import { receiptEmail } from './receipt-emails';

const completed: Receipt = {
  reference: 'GT-7K3M-9QXZ',
  orderId: '0b5e4c1e-7d61-4f0e-9a51-3c2f7f0d9a11',
  displayStatus: 'successful',
  notCharged: false,
  placedAt: '2026-11-22T14:05:00.000Z',
  refundedAt: null,
  recipientNumber: '+234 803 123 4567',
  countryCode: 'NG',
  countryName: 'Nigeria',
  operatorName: 'MTN Nigeria',
  recipientAmount: 15000,
  recipientCurrency: 'NGN',
  planDescription: null,
  rate: 1500,
  amountCents: 1000,
  feeCents: 63,
  totalCents: 1063,
  operatorTransactionId: 'MTN-778899',
  transactionId: '4412',
  failureCode: null,
  paymentMethod: { type: 'card', brand: 'visa', last4: '4242' },
};
const failed: Receipt = {
  ...completed,
  displayStatus: 'failed',
  recipientAmount: 15000,
  operatorTransactionId: null,
  transactionId: null,
  failureCode: 'DELIVERY_FAILED',
};
const refunded: Receipt = { ...completed, displayStatus: 'refunded', refundedAt: '2026-11-24T09:30:00.000Z' };
const deliveredNotCharged: Receipt = { ...completed, notCharged: true };
const receipts: Record<ReceiptKind, Receipt> = { completed, failed, refunded, deliveredNotCharged };

const MERCHANT = {
  legalName: 'GlobalTopUp Payments Ltd.',
  address: '12 Harbour Road, Lagos 101241, Nigeria',
  supportEmail: 'help@globaltopup.test',
  supportPhone: '+234 1 555 0100',
};

const send = (kind: ReceiptKind, language: string, receipt: Receipt = receipts[kind]) =>
  receiptEmail(kind, receipt, { to: 'payer@example.com', language, publicUrl: 'https://globaltopup.test', merchant: MERCHANT });

/** What the recipient got and the rate, as each language writes numbers (es groups with dots, fr with spaces). */
const WRITTEN: Record<string, { got: string; rate: string }> = {
  en: { got: 'NGN 15,000', rate: '1 USD = 1,500 NGN' },
  es: { got: '15.000 NGN', rate: '1 USD = 1500 NGN' },
  fr: { got: '15 000 NGN', rate: '1 USD = 1 500 NGN' },
  ar: { got: '15,000 NGN', rate: '1 USD = 1,500 NGN' },
};

/** The text without the marks that keep numbers left to right in Arabic, and with plain spaces for Intl's no-break ones. */
const plain = (text: string) => text.replace(/[\u2066-\u2069\u200f]/g, '').replace(/[\u00a0\u202f]/g, ' ');

describe('receipt e-mails', () => {
  describe.each(SUPPORTED_LANGUAGES)('in %s', (language) => {
    const texts = RECEIPT_TEXTS[language];

    it('a completed top-up: recipient, operator, what they got, the rate, what was paid, date, references', () => {
      const email = send('completed', language);
      expect(email.to).toBe('payer@example.com');
      expect(email.subject).toBe(texts.subjects.completed.replace('{number}', '+234 803 123 4567'));
      for (const body of [plain(email.text), plain(email.html)]) {
        expect(body).toContain(texts.titles.completed);
        expect(body).toContain('+234 803 123 4567');
        expect(body).toContain('MTN Nigeria');
        expect(body).toContain(language === 'ar' ? 'نيجيريا' : 'Nigeria');
        expect(body).toContain(WRITTEN[language]!.got);
        expect(body).toContain(WRITTEN[language]!.rate);
        expect(body).toContain('$10.00');
        expect(body).toContain('$0.63');
        expect(body).toContain('$10.63');
        expect(body).toContain('2026');
        expect(body).toContain('UTC');
        expect(body).toContain(completed.orderId);
        // The short reference comes first, before every other line.
        expect(body.indexOf('GT-7K3M-9QXZ')).toBeLessThan(body.indexOf('MTN Nigeria'));
        expect(body).toContain(texts.reference);
        expect(body).toContain('MTN-778899');
        expect(body).toContain(texts.rate);
        expect(body).toContain(texts.operatorReference);
        expect(body).toContain(`https://globaltopup.test/profile/orders/${completed.orderId}/receipt`);
      }
    });

    it('names the payment method (brand and last four) and the merchant: legal name, address, support e-mail and phone', () => {
      for (const kind of ['completed', 'failed', 'refunded', 'deliveredNotCharged'] as const) {
        const email = send(kind, language);
        for (const body of [plain(email.text), plain(email.html)]) {
          expect(body).toContain(texts.paymentMethod);
          expect(body).toContain('Visa •••• 4242');
          expect(body).toContain(texts.soldBy);
          expect(body).toContain('GlobalTopUp Payments Ltd.');
          expect(body).toContain('12 Harbour Road, Lagos 101241, Nigeria');
          expect(body).toContain(texts.support);
          expect(body).toContain('help@globaltopup.test');
          expect(body).toContain('+234 1 555 0100');
        }
      }
      const cashApp = send('completed', language, { ...completed, paymentMethod: { type: 'cashapp', brand: null, last4: null } });
      expect(plain(cashApp.text)).toContain('Cash App Pay');
      const unbranded = send('completed', language, { ...completed, paymentMethod: { type: 'card', brand: null, last4: '4242' } });
      expect(plain(unbranded.text)).toContain(
        `${language === 'en' ? 'Card' : language === 'es' ? 'Tarjeta' : language === 'fr' ? 'Carte' : 'بطاقة'} •••• 4242`,
      );
    });

    it('the notices: a delayed top-up (held until delivery, the order number) and a report resolved as delivered (the reference)', () => {
      const processing: Receipt = { ...completed, displayStatus: 'processing', operatorTransactionId: null, transactionId: null };
      const options = { to: 'payer@example.com', language, publicUrl: 'https://globaltopup.test', merchant: MERCHANT };
      const delayed = receiptEmail('delayed', processing, options);
      expect(delayed.subject).toBe(texts.subjects.delayed.replace('{number}', '+234 803 123 4567'));
      for (const body of [plain(delayed.text), plain(delayed.html)]) {
        expect(body).toContain(texts.titles.delayed);
        expect(body).toContain(texts.leads.delayed);
        expect(body).toContain(texts.heldUntilDelivery);
        expect(body).toContain(completed.orderId);
        expect(body).not.toContain(texts.youPaid);
        expect(body).toContain('GlobalTopUp Payments Ltd.');
        // Sent whatever the receipt setting, so not the receipts' footer.
        expect(body).not.toContain(texts.whyThisEmail);
      }
      const resolved = receiptEmail('reportDelivered', completed, { ...options, reference: 'OP-REF-42' });
      expect(resolved.subject).toBe(texts.subjects.reportDelivered.replace('{number}', '+234 803 123 4567'));
      for (const body of [plain(resolved.text), plain(resolved.html).replace(/<[^>]+>/g, '')]) {
        expect(body).toContain(texts.titles.reportDelivered);
        expect(body).toContain(texts.leads.reportDelivered.replace('{reference}', 'OP-REF-42'));
        expect(body).toContain('Visa •••• 4242');
      }
    });

    it('a failed top-up says Top-up Failed, that nothing was charged and the hold was released', () => {
      const email = send('failed', language);
      expect(email.subject).toBe(texts.subjects.failed);
      for (const body of [plain(email.text), plain(email.html)]) {
        expect(body).toContain(texts.titles.failed);
        expect(body).toContain(texts.leads.failed.split(':')[0]!.split('：')[0]!.slice(0, 20));
        expect(body).toContain(texts.charged);
        expect(body).toContain('$0.00');
        expect(body).toContain('DELIVERY_FAILED');
        // Nothing was paid, so no "You Paid" line and no rate.
        expect(body).not.toContain(texts.youPaid);
        expect(body).not.toContain(texts.rate);
      }
    });

    it('a top-up delivered after its hold was released says it was delivered and nothing was charged', () => {
      const email = send('deliveredNotCharged', language);
      expect(email.subject).toBe(texts.subjects.deliveredNotCharged.replace('{number}', '+234 803 123 4567'));
      for (const body of [plain(email.text), plain(email.html)]) {
        expect(body).toContain(texts.titles.deliveredNotCharged);
        expect(body).toContain(texts.leads.deliveredNotCharged);
        expect(body).toContain(texts.theyGot);
        expect(body).toContain(WRITTEN[language]!.got);
        expect(body).toContain(texts.held);
        expect(body).toContain(texts.charged);
        expect(body).toContain('$0.00');
        expect(body).toContain('MTN-778899');
        expect(body).not.toContain(texts.youPaid);
        expect(body).not.toContain(texts.titles.failed);
      }
    });

    it('a refunded top-up says what was given back and when', () => {
      const email = send('refunded', language);
      expect(email.subject).toBe(texts.subjects.refunded.replace('{number}', '+234 803 123 4567'));
      for (const body of [plain(email.text), plain(email.html)]) {
        expect(body).toContain(texts.titles.refunded);
        expect(body).toContain(texts.refundedOn);
        expect(body).toContain('$10.63');
        expect(body).toMatch(/24/);
      }
    });
  });

  it('Arabic mail reads right to left, with numbers kept left to right', () => {
    const email = send('completed', 'ar');
    expect(email.html).toContain('<html lang="ar" dir="rtl">');
    expect(email.html).toContain('<span dir="ltr">+234 803 123 4567</span>');
    expect(email.text).toContain('\u2066+234 803 123 4567\u2069');
    expect(send('completed', 'fr').html).toContain('<html lang="fr" dir="ltr">');
  });

  it('a receipt of an order whose payment never authorised names no payment method', () => {
    const { text } = send('completed', 'en', { ...completed, paymentMethod: null });
    expect(text).not.toContain('Payment method');
  });

  it('the HTML is in the product’s colours: the primary band and button, its text, border and muted colours', () => {
    const { html } = send('completed', 'en');
    expect(html).toContain(`background:${EMAIL_COLOURS.primary};border-radius:12px 12px 0 0`);
    expect(html).toMatch(
      new RegExp(`<a href="[^"]+/receipt" style="[^"]*background:${EMAIL_COLOURS.primary};color:${EMAIL_COLOURS.primaryForeground}`),
    );
    for (const colour of [
      EMAIL_COLOURS.background,
      EMAIL_COLOURS.foreground,
      EMAIL_COLOURS.mutedForeground,
      EMAIL_COLOURS.border,
      EMAIL_COLOURS.accent,
    ]) {
      expect(html).toContain(colour);
    }
    // Nothing left of the old generic blue and greys.
    expect(html).not.toMatch(/#2563eb|#111827|#f3f4f6/);
  });

  it('stays readable as plain text: no markup, one "label: value" line each, the links written out', () => {
    const { text } = send('completed', 'en');
    expect(text).not.toMatch(/<[a-z/][^>]*>/i);
    expect(text).toContain('Payment method: Visa •••• 4242');
    expect(text).toContain('Total: $10.63');
    expect(text).toContain(
      'Sold by: GlobalTopUp Payments Ltd.\n12 Harbour Road, Lagos 101241, Nigeria\nCustomer support: help@globaltopup.test · +234 1 555 0100',
    );
    expect(text).toContain(`View or print this receipt: https://globaltopup.test/profile/orders/${completed.orderId}/receipt`);
  });

  it('the sandbox’s sample merchant when none is configured', () => {
    const { text } = receiptEmail('completed', completed, {
      to: 'payer@example.com',
      language: 'en',
      publicUrl: 'https://globaltopup.test',
      merchant: SANDBOX_MERCHANT,
    });
    expect(text).toContain(`Sold by: ${SANDBOX_MERCHANT.legalName}`);
  });

  it('an unknown language falls back to English', () => {
    expect(send('completed', 'xx').subject).toBe(RECEIPT_TEXTS.en.subjects.completed.replace('{number}', '+234 803 123 4567'));
  });

  it('HTML made for mail clients: tables and inline styles, no scripts, no style sheets, every value escaped', () => {
    const hostile: Receipt = {
      ...completed,
      operatorName: '<script>alert("x")</script>Evil & Co',
      operatorTransactionId: '"><img src=x onerror=alert(1)>',
    };
    const { html, text } = send('completed', 'en', hostile);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<style|<link/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;Evil &amp; Co');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<table');
    expect(html).toMatch(/<td style="[^"]+"/);
    // Plain text is plain: the value as it is.
    expect(text).toContain('<script>alert("x")</script>Evil & Co');
  });

  it('a plan shows its description instead of an amount, and no rate', () => {
    const plan: Receipt = { ...completed, planDescription: '2GB data, 30 days', recipientAmount: null, rate: null };
    const { text } = send('completed', 'en', plan);
    expect(text).toContain('They Got: 2GB data, 30 days');
    expect(text).not.toContain('Exchange rate');
  });
});

describe('a receipt with a promo code (ADR 067)', () => {
  const discounted: Receipt = { ...completed, discountCents: 30, totalCents: 1033 };
  const options = { to: 'amina@example.com', publicUrl: 'https://globaltopup.example', merchant: SANDBOX_MERCHANT };

  it.each(SUPPORTED_LANGUAGES)('shows the discount as its own line before the total paid, in %s', (language) => {
    const { text } = receiptEmail('completed', discounted, { ...options, language });
    expect(text).toContain(`${RECEIPT_TEXTS[language].discount}`);
    expect(text).toContain('−$0.30');
    expect(text).toContain('$10.33');
    expect(text.indexOf(RECEIPT_TEXTS[language].discount)).toBeLessThan(text.lastIndexOf('$10.33'));
  });

  it('shows no discount line without one', () => {
    expect(receiptEmail('completed', completed, { ...options, language: 'en' }).text).not.toContain('Promo discount');
  });
});
