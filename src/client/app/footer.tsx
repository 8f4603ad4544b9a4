import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CURRENCY } from '@shared/constants';
import { HOW_IT_WORKS_ANCHOR, ROUTES } from '@shared/routes';
import { LanguageSelect } from '@/components/language-select';
import { Label, NativeSelect } from '@/components/ui/input';
import { LazyIcon } from '@/components/ui/icon';
import { ACCEPTED_CARD_BRANDS, type AcceptedPayment } from '@shared/accepted-payments';
import { acceptedByCheckout } from '@/lib/payment-config';
import { PaymentIcon, SOCIAL_LINKS } from './brand-icons';

const linkClass = 'text-sm text-muted-foreground transition-colors hover:text-foreground';

/**
 * What the configured checkout takes (shared/accepted-payments.ts, as GET /api/payment-config answers it); the card
 * brands, which every checkout takes, until the answer comes or when it does not. Read after the first render, so the
 * pre-rendered page (which has no server to ask) and the hydrated one start alike.
 */
function useAcceptedPayments(): readonly AcceptedPayment[] {
  const [accepted, setAccepted] = useState<readonly AcceptedPayment[]>(ACCEPTED_CARD_BRANDS);
  useEffect(() => {
    let current = true;
    acceptedByCheckout().then(
      (accepts) => current && setAccepted(accepts),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return accepted;
}

export function Footer() {
  const { t } = useTranslation();
  const accepted = useAcceptedPayments();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <p className="text-lg font-bold">{t('brand.name')}</p>
          <p className="text-sm text-muted-foreground">{t('brand.slogan')}</p>
          <p className="mt-2 text-sm font-medium">{t('footer.followUs')}</p>
          <ul className="flex gap-2">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.key}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${t(`footer.social.${link.key}`)} ${t('common.opensInNewTab')}`}
                  className="flex size-9 items-center justify-center rounded-full border text-muted-foreground transition-colors hover:text-foreground"
                >
                  <LazyIcon name={link.key} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-labelledby="footer-company" className="flex flex-col gap-3">
          <p id="footer-company" className="text-sm font-semibold">
            {t('footer.company')}
          </p>
          <Link to={ROUTES.about} className={linkClass}>
            {t('footer.about')}
          </Link>
          <Link to={`${ROUTES.home}#${HOW_IT_WORKS_ANCHOR}`} className={linkClass}>
            {t('footer.howItWorks')}
          </Link>
          <Link to={ROUTES.home} className={linkClass}>
            {t('footer.mobileTopUp')}
          </Link>
          <Link to={ROUTES.contact} className={linkClass}>
            {t('footer.contact')}
          </Link>
          <Link to={ROUTES.requestTopUp} className={linkClass}>
            {t('footer.requestTopUp')}
          </Link>
          <Link to={ROUTES.terms} className={linkClass}>
            {t('footer.terms')}
          </Link>
        </nav>

        <nav aria-labelledby="footer-legal" className="flex flex-col gap-3">
          <p id="footer-legal" className="text-sm font-semibold">
            {t('footer.legal')}
          </p>
          <Link to={ROUTES.terms} className={linkClass}>
            {t('footer.termsConditions')}
          </Link>
          <Link to={`${ROUTES.terms}#privacy`} className={linkClass}>
            {t('footer.privacyPolicy')}
          </Link>
          <Link to={ROUTES.contact} className={linkClass}>
            {t('footer.contactUs')}
          </Link>
        </nav>

        <div className="flex flex-col gap-3">
          <p className="text-sm font-semibold">{t('footer.preferences')}</p>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="footer-language">{t('language.label')}</Label>
            <LanguageSelect id="footer-language" data-testid="language-select" />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="footer-currency">{t('currency.label')}</Label>
            <NativeSelect id="footer-currency" defaultValue={CURRENCY}>
              <option value={CURRENCY}>{t('currency.usd')}</option>
            </NativeSelect>
          </div>
        </div>
      </div>

      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-6 md:flex-row">
          <div className="flex flex-col items-center gap-2 md:items-start">
            <p className="text-xs font-medium text-muted-foreground">{t('footer.weAccept')}</p>
            <ul className="flex flex-wrap justify-center gap-2" data-testid="payment-icons">
              {accepted.map((method) => (
                <li key={method} title={t(`footer.payments.${method}`)}>
                  <span className="sr-only">{t(`footer.payments.${method}`)}</span>
                  <PaymentIcon method={method} />
                </li>
              ))}
            </ul>
          </div>
          <p className="text-sm text-muted-foreground">
            © {year} {t('brand.name')}. {t('footer.allRightsReserved')}
          </p>
        </div>
      </div>
    </footer>
  );
}
