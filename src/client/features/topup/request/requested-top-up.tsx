import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageCircleHeart } from 'lucide-react';
import type { TopupRequestView } from '@shared/api/topup-requests';
import { formatPhoneInternational } from '@shared/phone-format';
import { toCents } from '@shared/pricing';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { ApiRequestError } from '@/lib/api-client';
import { QueryProvider } from '@/lib/query-provider';
import { useCountries } from '../api/get-countries';
import { useTopupRequest } from '../api/topup-requests';
import { BusyStep } from '../components/busy-step';
import { Flag } from '../components/flag';
import { countryLabel } from '../lib/country-list';
import { formatUsdCents } from '../lib/amounts';
import { recipientIn } from '../lib/restore-params';
import { TopUpFlow } from '../top-up-flow';
import type { Prefill } from '../use-prefill';
import { useUiLanguage } from '../use-ui-language';

interface RequestedTopUpProps {
  token: string;
  isSignedIn: boolean;
}

/**
 * The home page's flow opened from a request link (/r/<token>, ADR 022): who asks and their note, then the flow with
 * their number filled in. A link that does not work says so and offers an ordinary top-up.
 */
export function RequestedTopUp(props: RequestedTopUpProps) {
  return (
    <QueryProvider>
      <RequestedTopUpContent {...props} />
    </QueryProvider>
  );
}

function RequestedTopUpContent({ token, isSignedIn }: RequestedTopUpProps) {
  const { t } = useTranslation();
  const request = useTopupRequest(token);
  const prefill = useMemo<Prefill | undefined>(
    () => (request.data ? { countryCode: request.data.countryCode, phone: request.data.phone, amount: request.data.suggestedAmount } : undefined),
    [request.data],
  );

  if (request.isPending) return <BusyStep label={t('request.opening')} />;
  if (request.isError) {
    const gone = request.error instanceof ApiRequestError && request.error.status === 404;
    return (
      <div className="flex flex-col gap-4" data-testid="request-unavailable">
        <div role="alert" className="rounded-lg border bg-muted/60 p-4">
          <h3 className="font-semibold">{t(gone ? 'request.unavailableTitle' : 'request.loadFailedTitle')}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{apiErrorText(t, request.error, 'request.loadFailed')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={ROUTES.home}>{t('request.startOwn')}</Link>
          </Button>
          {!gone && (
            <Button type="button" variant="outline" size="lg" onClick={() => void request.refetch()}>
              {t('request.retry')}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <RequestBanner request={request.data} />
      <TopUpFlow isSignedIn={isSignedIn} prefill={prefill} />
    </div>
  );
}

/** Who asks for a top-up, with their note as plain text (React writes it as text: markup in it shows as typed). */
function RequestBanner({ request }: { request: TopupRequestView }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const { data: countries } = useCountries();
  const recipient = countries ? recipientIn(countries, request.countryCode, request.phone) : null;
  const number = formatPhoneInternational(request.phone, recipient?.country.phoneCode);
  const country = recipient ? countryLabel(recipient.country.code, recipient.country.name, language) : request.countryCode;

  return (
    <section aria-labelledby="request-banner-title" className="rounded-xl border border-primary/30 bg-accent/50 p-4" data-testid="request-banner">
      <div className="flex items-start gap-3">
        <MessageCircleHeart className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex min-w-0 flex-col gap-2">
          <h3 id="request-banner-title" className="font-semibold" data-testid="request-banner-title">
            {/* The name is the customer's own text: isolated, so it cannot reorder the sentence around it. */}
            {request.requesterFirstName
              ? t('request.bannerTitleNamed', { name: `\u2068${request.requesterFirstName}\u2069` })
              : t('request.bannerTitle')}
          </h3>
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            {recipient && <Flag src={recipient.country.flag} className="h-3.5 w-5" />}
            <span>
              {t('request.bannerBody', { country })}{' '}
              <bdi dir="ltr" className="font-semibold whitespace-nowrap" data-testid="request-number">
                {number}
              </bdi>
            </span>
          </p>
          {request.note && (
            <blockquote
              dir="auto"
              className="border-s-2 border-primary/50 ps-3 text-sm break-words whitespace-pre-wrap italic"
              data-testid="request-note"
            >
              <span className="sr-only">{t('request.noteFromThem')} </span>
              {request.note}
            </blockquote>
          )}
          {request.suggestedAmount && (
            <p className="text-sm text-muted-foreground">{t('request.suggested', { amount: formatUsdCents(toCents(request.suggestedAmount)) })}</p>
          )}
        </div>
      </div>
    </section>
  );
}
