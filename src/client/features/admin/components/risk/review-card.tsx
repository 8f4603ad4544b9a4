import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ban, CircleCheck, Clock } from 'lucide-react';
import type { AdminRiskReview } from '@shared/api/risk';
import { Button } from '@/components/ui/button';
import { DescriptionRow } from '@/components/ui/description-row';
import { InlineError } from '@/components/ui/inline-error';
import { cn } from '@/lib/utils';
import { customerPath, orderPath } from '../../admin-paths';
import { formatCents, formatDateTime, formatRecipient } from '../../lib/format';
import { isUrgent, timeLeft, type SettledReview } from '../../lib/review-queue';
import { useLanguage } from '../../lib/use-language';
import { linkClass } from '../link-class';
import { Badge, OrderStatusBadge } from '../status-badge';

/** The signals a reviewer reads first; every one is on the order's page. */
const KEY_SIGNALS = [
  'radarRiskLevel',
  'radarRiskScore',
  'cardCountry',
  'addressCountry',
  'destinationCountry',
  'accountAgeHours',
  'completedOrders',
  'firstDaySpendCents',
  'accountsToRecipient24h',
  'declinesLastHourByCard',
  'disposableEmail',
] as const;

function SignalValue({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <>{t('admin.risk.notYet')}</>;
  if (typeof value === 'boolean') return <>{t(value ? 'admin.risk.yes' : 'admin.risk.no')}</>;
  // A signal's value is data (a country code, a level), never text to translate.
  return <bdi translate="no">{String(value)}</bdi>;
}

function TimeLeftBadge({ reviewEndsAt, now }: { reviewEndsAt: string | null; now: number }) {
  const { t } = useTranslation();
  const left = timeLeft(reviewEndsAt, now);
  if (!left) return null;
  const text = left.ended
    ? t('admin.reviews.windowEnded')
    : left.hours > 0
      ? t('admin.reviews.timeLeftHours', { hours: left.hours, minutes: left.minutes })
      : t('admin.reviews.timeLeftMinutes', { minutes: left.minutes });
  return (
    <Badge tone={isUrgent(left) ? 'bad' : 'warn'} testId="review-time-left">
      <Clock className="size-3.5" aria-hidden="true" />
      {text}
    </Badge>
  );
}

/** What became of an order decided from this page, in the place it had in the queue. */
function SettledNotice({ settled, onDismiss }: { settled: SettledReview; onDismiss: () => void }) {
  const { t } = useTranslation();
  const status = settled.status ? t(`admin.status.${settled.status}`, { defaultValue: settled.status }) : null;
  return (
    <div className="flex flex-col items-start gap-2" data-testid="review-outcome" data-outcome={settled.outcome}>
      {settled.outcome === 'conflict' ? (
        <InlineError title={t('admin.reviews.conflictTitle')} className="w-full" testId="review-conflict">
          {status ? t('admin.reviews.conflict', { status }) : t('admin.reviews.conflictUnknown')}
        </InlineError>
      ) : (
        <p role="status" className="text-sm font-medium text-primary">
          {t(settled.outcome === 'approved' ? 'admin.reviews.approvedDone' : 'admin.reviews.rejectedDone')}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {settled.status && <OrderStatusBadge status={settled.status} />}
        <Link to={orderPath(settled.review.orderId)} className={cn(linkClass, 'text-sm')}>
          {t('admin.reviews.openOrder')}
        </Link>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {t('admin.actionPanel.dismiss')}
        </Button>
      </div>
    </div>
  );
}

interface ReviewCardProps {
  review: AdminRiskReview;
  settled: SettledReview | null;
  now: number;
  onApprove: () => void;
  onReject: () => void;
  onDismiss: () => void;
  /** The card takes the focus after its dialog closes, its buttons being gone. */
  focusRef?: (node: HTMLElement | null) => void;
}

/**
 * One order of the "Needs review" queue: its reference, amount, payer and recipient, the rules that held it and the
 * signals they read, the time left before the hold is released unsent; Approve and Reject, or what became of it.
 */
export function ReviewCard({ review, settled, now, onApprove, onReject, onDismiss, focusRef }: ReviewCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = `review-${review.orderId}`;
  const signals = { ...review.risk?.checkout, ...review.risk?.payment } as Record<string, unknown>;
  const fired = review.risk?.firedRules.filter((rule) => rule.action !== 'allow') ?? [];
  return (
    <article
      ref={focusRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-sm outline-none sm:p-5"
      data-testid="review-card"
      data-order-id={review.orderId}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id={headingId} className="text-lg font-semibold">
            <Link to={orderPath(review.orderId)} className={linkClass} translate="no" data-testid="review-reference">
              <bdi>{review.reference}</bdi>
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">
            {review.heldSince && t('admin.reviews.heldSince', { date: formatDateTime(review.heldSince, language) })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-bold tabular-nums" dir="ltr" data-testid="review-amount">
            {formatCents(review.totalCents, language)}
          </span>
          {!settled && <TimeLeftBadge reviewEndsAt={review.reviewEndsAt} now={now} />}
        </div>
      </header>
      {settled ? (
        <SettledNotice settled={settled} onDismiss={onDismiss} />
      ) : (
        <>
          <dl className="grid gap-x-6 text-sm sm:grid-cols-2">
            <DescriptionRow label={t('admin.reviews.customer')} testId="review-customer">
              <Link to={customerPath(review.userId)} className={cn(linkClass, 'break-all')}>
                <bdi>{review.customerEmail ?? review.userId}</bdi>
              </Link>
            </DescriptionRow>
            <DescriptionRow label={t('admin.reviews.recipient')} testId="review-recipient" ltr>
              {formatRecipient(review.recipientPhone, null)} · {review.countryIso}
            </DescriptionRow>
          </dl>
          <div className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">{t('admin.risk.rulesFired')}</h3>
            {fired.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('admin.risk.noRules')}</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm" data-testid="review-rules">
                {fired.map((rule) => (
                  <li key={`${rule.stage}-${rule.id}`} className="flex flex-wrap items-center gap-2">
                    <Badge tone={rule.action === 'refuse' ? 'bad' : 'warn'}>{t(`admin.risk.actions.${rule.action}`)}</Badge>
                    <bdi>{rule.description}</bdi>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer font-semibold">{t('admin.reviews.signals')}</summary>
            <dl className="grid gap-x-6 sm:grid-cols-2" data-testid="review-signals">
              <DescriptionRow label={t('admin.risk.address')} testId="review-signal-clientAddress" dense={false}>
                <SignalValue value={review.risk?.clientAddress} />
              </DescriptionRow>
              {KEY_SIGNALS.map((name) => (
                <DescriptionRow key={name} label={t(`admin.risk.signals.${name}`)} testId={`review-signal-${name}`}>
                  <SignalValue value={signals[name]} />
                </DescriptionRow>
              ))}
            </dl>
          </details>
          <div className="flex flex-wrap gap-2">
            <Button onClick={onApprove} aria-describedby={headingId} data-testid="review-approve">
              <CircleCheck aria-hidden="true" />
              {t('admin.reviews.approve')}
            </Button>
            <Button variant="destructive" onClick={onReject} aria-describedby={headingId} data-testid="review-reject">
              <Ban aria-hidden="true" />
              {t('admin.reviews.rejectButton')}
            </Button>
          </div>
        </>
      )}
    </article>
  );
}
