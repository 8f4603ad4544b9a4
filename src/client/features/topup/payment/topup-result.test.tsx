import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@shared/constants';
import pagesAr from '@/i18n/locales/pages/ar.json';
import pagesEn from '@/i18n/locales/pages/en.json';
import coreAr from '@/i18n/locales/ar.json';
import coreEn from '@/i18n/locales/en.json';
import { testTopupResult } from '@/testing/builders';
import { MemoryRouter } from 'react-router';
import { FailedActions } from './components/failed-actions';
import { ResultDetails } from './topup-result';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: {
      en: { translation: { ...pagesEn, common: { ...pagesEn.common, ...coreEn.common } } },
      ar: { translation: { ...pagesAr, common: { ...pagesAr.common, ...coreAr.common } } },
    },
    interpolation: { escapeValue: false },
  });
});

const details = async (language: Language, amountPaid: string | undefined, result = testTopupResult()) => {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ResultDetails result={result} amountPaid={amountPaid} language={language} titleLevel="h3" />
    </I18nextProvider>,
  );
};

describe('the Transaction Summary’s details', () => {
  it('name the card paid with, beside the amount paid, in the interface language', async () => {
    const english = await details('en', '10.63');
    expect(english).toContain('Payment method');
    expect(english).toMatch(/data-testid="result-payment-method"[^>]*>Visa •••• 4242</);
    const arabic = await details('ar', '10.63');
    expect(arabic).toContain('وسيلة الدفع');
    expect(arabic).toMatch(/dir="ltr"[^>]*data-testid="result-payment-method"[^>]*>Visa •••• 4242</);
  });

  it('a wallet by its name; nothing when the card was not charged or nothing is known of it', async () => {
    expect(await details('en', '10.63', testTopupResult({ paymentMethod: { type: 'cashapp', brand: null, last4: null } }))).toContain('Cash App Pay');
    expect(await details('en', undefined)).not.toContain('result-payment-method');
    expect(await details('en', '10.63', testTopupResult({ paymentMethod: null }))).not.toContain('result-payment-method');
  });
});

const failedActions = async (language: Language, onTryAgain?: () => void) => {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <FailedActions reference="GT-7K3M-Q9XD" onTryAgain={onTryAgain} onHome={() => undefined} />
      </MemoryRouter>
    </I18nextProvider>,
  );
};

describe("the failed view's actions (ADR 065)", () => {
  it('offer Try Again, Contact Us about the reference and Back To Home, in the interface language', async () => {
    const english = await failedActions('en', () => undefined);
    expect(english.match(/<(button|a)\b[^>]*>[^<]*/g)?.map((tag) => tag.replace(/^.*>/, ''))).toEqual(['Try Again', 'Contact Us', 'Back To Home']);
    expect(english).toContain('href="/contact?reference=GT-7K3M-Q9XD"');
    const arabic = await failedActions('ar', () => undefined);
    expect(arabic).toContain(pagesAr.footer.contactUs);
    expect(arabic).toContain(coreAr.common.tryAgain);
  });

  it('leave Try Again out when the number is not known', async () => {
    expect(await failedActions('en')).not.toContain('Try Again');
  });
});
