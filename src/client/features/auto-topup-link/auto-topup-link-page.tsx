import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, CircleAlert } from 'lucide-react';
import { formatPhoneInternational } from '@shared/phone-format';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { autoTopupLinkQueryOptions, followAutoTopupLink } from '@/lib/auto-topups';
import { intlLocale } from '@/lib/local-format';
import { DEFAULT_LANGUAGE } from '@shared/constants';
import { isLanguage } from '@/i18n';

/**
 * Where a reminder's "Skip this one" and "Pause" links open (ADR 068), signed in or not. Opening the page changes
 * nothing (mail scanners open links too): it says what the link does, and its one button does it. A link tampered with
 * or expired says so, and nothing changes.
 */
export function AutoTopupLinkPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery(autoTopupLinkQueryOptions(token));
  const follow = useMutation({ mutationFn: () => followAutoTopupLink(token) });
  const date = (iso: string) => new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

  const frame = (icon: 'ok' | 'problem', title: string, body: string, action?: ReactNode) => (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center" data-testid="auto-topup-link">
      {icon === 'ok' ? (
        <CircleCheck className="size-12 text-primary" aria-hidden="true" />
      ) : (
        <CircleAlert className="size-12 text-destructive" aria-hidden="true" />
      )}
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground" role={icon === 'problem' ? 'alert' : undefined}>
        {body}
      </p>
      {action}
      <Button asChild variant="outline">
        <Link to={`${ROUTES.profile}#auto-topups`}>{t('autoTopupLink.manage')}</Link>
      </Button>
    </div>
  );

  if (!token || link.isError)
    return frame('problem', t('autoTopupLink.invalidTitle'), token ? apiErrorText(t, link.error) : t('apiErrors.autoTopupLinkInvalid'));
  if (!link.data) {
    return (
      <p role="status" className="p-8 text-center text-muted-foreground">
        {t('autoTopupLink.loading')}
      </p>
    );
  }
  const view = link.data;
  const number = `\u2066${formatPhoneInternational(view.phone, view.callingCode)}\u2069`;
  if (follow.isError) return frame('problem', t('autoTopupLink.failedTitle'), apiErrorText(t, follow.error));
  if (follow.data || view.state === 'done') {
    const next = follow.data?.nextChargeAt;
    return frame(
      'ok',
      t(view.action === 'skip' ? 'autoTopupLink.skippedTitle' : 'autoTopupLink.pausedTitle'),
      view.action === 'skip'
        ? next
          ? t('autoTopupLink.skippedBody', { date: date(next) })
          : t('autoTopupLink.skippedAlready')
        : t('autoTopupLink.pausedBody'),
    );
  }
  const facts = { amount: `$${view.amount}`, number, date: date(view.chargeAt) };
  return frame(
    'ok',
    t(view.action === 'skip' ? 'autoTopupLink.skipTitle' : 'autoTopupLink.pauseTitle'),
    t(view.action === 'skip' ? 'autoTopupLink.skipBody' : 'autoTopupLink.pauseBody', facts),
    <Button type="button" disabled={follow.isPending} onClick={() => follow.mutate()} data-testid="auto-topup-link-confirm">
      {t(view.action === 'skip' ? 'autoTopupLink.skipAction' : 'autoTopupLink.pauseAction')}
    </Button>,
  );
}
