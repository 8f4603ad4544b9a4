import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperatorPromotion } from '@shared/api/promotions';
import type { Language } from '@shared/constants';
import pagesAr from '@/i18n/locales/pages/ar.json';
import pagesEn from '@/i18n/locales/pages/en.json';
import { OperatorOffer } from '@/components/operator-offer';
import { AmountCard } from './amount-card';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: pagesEn }, ar: { translation: pagesAr } },
    interpolation: { escapeValue: false },
  });
});

const PROMOTION: OperatorPromotion = {
  promotionId: 900_001,
  operatorId: 341,
  title: 'MTN Nigeria double data on $10 and more <img src=x onerror=alert(1)>',
  title2: 'Double data',
  description: 'Top up USD 10 or more and the recipient gets double data for 30 days.',
  startsAt: '2026-11-21T00:00:00.000Z',
  endsAt: '2026-12-06T00:00:00.000Z',
  denominations: 'USD 10 and up',
  localDenominations: null,
};

async function render(language: Language, element: React.ReactElement) {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

const card = (promotion: string | null) => (
  <AmountCard theyGet="NGN 14,600" youPay="$10.00" total="$10.63" promotion={promotion} selected={false} onSelect={() => {}} onSendNow={() => {}} />
);

describe("an amount card's promotion label", () => {
  it("labels the card with our word and the provider's title, as text in its own direction", async () => {
    const english = await render('en', card(PROMOTION.title));
    expect(english).toMatch(/data-testid="amount-promotion"[^>]*><span[^>]*>Promotion<\/span><span dir="auto"[^>]*>MTN Nigeria double data/);
    expect(english).not.toContain('<img');
    expect(english).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(await render('ar', card(PROMOTION.title))).toContain('>عرض ترويجي</span>');
  });

  it('shows no label on a card without a promotion', async () => {
    expect(await render('en', card(null))).not.toContain('amount-promotion');
  });
});

describe("the review's operator offer", () => {
  it("labels the provider's texts as the operator's offer, with its dates in the reader's language and time zone", async () => {
    const english = await render('en', <OperatorOffer promotions={[PROMOTION]} language="en" timeZone="America/New_York" />);
    expect(english).toContain('The operator&#x27;s offer');
    expect(english).toMatch(/dir="auto"[^>]*>Double data · MTN Nigeria double data/);
    expect(english).toContain('For: <bdi dir="auto">USD 10 and up</bdi>');
    // Midnight UTC is the evening before in New York.
    expect(english).toMatch(/From Nov 20, 2026, 7:00\sPM to Dec 5, 2026, 7:00\sPM/);
    const arabic = await render('ar', <OperatorOffer promotions={[PROMOTION]} language="ar" timeZone="Asia/Riyadh" />);
    expect(arabic).toContain('عرض المشغّل');
    expect(arabic).toContain('من ');
    expect(arabic).not.toContain('Nov');
  });

  it('shows nothing without a promotion', async () => {
    expect(await render('en', <OperatorOffer promotions={[]} language="en" />)).toBe('');
  });
});
