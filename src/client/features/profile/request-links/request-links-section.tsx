import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { Link } from 'react-router';
import type { OwnTopupRequest } from '@shared/api/topup-requests';
import { formatPhoneInternational } from '@shared/phone-format';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { InlineError } from '@/components/ui/inline-error';
import { apiErrorText } from '@/lib/api-error-text';
import { intlLocale } from '@/lib/local-format';
import { useLanguage } from '../history/use-language';
import { useRequestLinks, useRevokeRequestLink } from './request-links-api';

function callingCodeOf(countryCode: string): string | null {
  try {
    return getCountryCallingCode(countryCode as CountryCode);
  } catch {
    return null;
  }
}

function RequestLinkRow({ userId, link }: { userId: string; link: OwnTopupRequest }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const revoke = useRevokeRequestLink(userId);
  const [confirming, setConfirming] = useState(false);
  const number = formatPhoneInternational(link.phone, callingCodeOf(link.countryCode));
  const date = (iso: string) => new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <li className="flex flex-col gap-2 rounded-xl border p-3" data-testid="request-link">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5 text-sm">
          <bdi dir="ltr" className="font-semibold">
            {number}
          </bdi>
          {link.note && (
            <p dir="auto" className="break-words text-muted-foreground">
              {link.note}
            </p>
          )}
          <p className="text-xs text-muted-foreground" data-testid="request-link-status">
            {link.paidAt ? t('requestLinks.paid', { date: date(link.paidAt) }) : t('requestLinks.open', { date: date(link.expiresAt) })}
          </p>
        </div>
        {!confirming && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={t('requestLinks.revokeLabel', { number })}
            onClick={() => setConfirming(true)}
          >
            {t('requestLinks.revoke')}
          </Button>
        )}
      </div>
      {confirming && (
        <div role="group" aria-label={t('requestLinks.confirmTitle')} className="flex flex-wrap items-center gap-2 text-sm">
          <span>{t('requestLinks.confirmTitle')}</span>
          <Button type="button" variant="destructive" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate(link.id)}>
            {t('requestLinks.confirmRevoke')}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(false)}>
            {t('requestLinks.keep')}
          </Button>
        </div>
      )}
      {revoke.isError && <InlineError>{apiErrorText(t, revoke.error)}</InlineError>}
    </li>
  );
}

/** The customer's request links that still work (ADR 022): whether each was answered, and a way to revoke it. */
export function RequestLinksSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const links = useRequestLinks(userId);
  return (
    <Card role="region" aria-labelledby="request-links-title" data-testid="request-links-section">
      <CardHeader>
        <CardTitle level={2} id="request-links-title">
          {t('requestLinks.title')}
        </CardTitle>
        <CardDescription>{t('requestLinks.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {links.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            {t('requestLinks.loading')}
          </p>
        )}
        {links.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-destructive" role="alert">
              {t('requestLinks.loadFailed')}
            </p>
            <Button variant="outline" size="sm" disabled={links.isFetching} onClick={() => void links.refetch()}>
              {t('requestLinks.retry')}
            </Button>
          </div>
        )}
        {links.isSuccess &&
          (links.data.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="request-links-empty">
              {t('requestLinks.empty')}
            </p>
          ) : (
            <ul className="flex flex-col gap-2" aria-labelledby="request-links-title">
              {links.data.map((link) => (
                <RequestLinkRow key={link.id} userId={userId} link={link} />
              ))}
            </ul>
          ))}
        <div>
          <Button asChild variant="outline" size="sm">
            <Link to={ROUTES.requestTopUp}>{t('requestLinks.make')}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
