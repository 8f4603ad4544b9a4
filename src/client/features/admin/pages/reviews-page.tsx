import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderActionResponse, AdminReviewRejectBody } from '@shared/api/admin';
import type { AdminRiskReview } from '@shared/api/risk';
import { toast } from '@/lib/toast';
import { approveReview, rejectReview, reviewsQueryOptions } from '../api/risk';
import { ADMIN_QUERY_KEY } from '../api/request';
import { AccessNotice } from '../components/access-notice';
import { AdminPageFrame } from '../components/admin-page-frame';
import { Loaded } from '../components/query-state';
import { ReasonDialog } from '../components/reason-dialog';
import { RejectDialog } from '../components/risk/reject-dialog';
import { ReviewCard } from '../components/risk/review-card';
import { Badge } from '../components/status-badge';
import { accessProblemOf } from '../lib/access';
import { conflictOf } from '../lib/actions';
import { formatCents } from '../lib/format';
import { queueWithSettled, type SettledReview } from '../lib/review-queue';
import { useLanguage } from '../lib/use-language';

type Decision = { kind: 'approve'; review: AdminRiskReview } | { kind: 'reject'; review: AdminRiskReview };
type DecisionInput = { review: AdminRiskReview } & ({ kind: 'approve'; reason: string } | { kind: 'reject'; body: AdminReviewRejectBody });

/** The time the windows are counted against, moved on every half minute so "12 min left" stays true. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * /admin/reviews: the orders the risk rules held, authorised and unsent, the longest held first. Approve sends the
 * top-up now; Reject releases the hold, and may block the account and blocklist the card. What became of each order
 * stays in its place until dismissed: when another admin decided first (409), with the order's status now, and the
 * queue is read again.
 */
export function ReviewsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const queue = useQuery(reviewsQueryOptions());
  const now = useNow(30_000);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [settled, setSettled] = useState<ReadonlyMap<string, SettledReview>>(new Map());
  const [refusal, setRefusal] = useState<unknown>(null);
  const focusAfter = useRef<string | null>(null);
  const cards = useRef(new Map<string, HTMLElement>());

  const settle = (review: AdminRiskReview, outcome: SettledReview['outcome'], status: string | null) =>
    setSettled((was) => new Map(was).set(review.orderId, { review, outcome, status }));
  const mutation = useMutation({
    mutationFn: (input: DecisionInput): Promise<AdminOrderActionResponse> =>
      input.kind === 'approve' ? approveReview(input.review.orderId, input.reason) : rejectReview(input.review.orderId, input.body),
    onSuccess: (answer, input) => {
      settle(input.review, input.kind === 'approve' ? 'approved' : 'rejected', answer.order.status);
      toast({ title: t(input.kind === 'approve' ? 'admin.reviews.approvedDone' : 'admin.reviews.rejectedDone') });
      close(input.review);
    },
    onError: (error, input) => {
      const conflict = conflictOf(error);
      if (conflict) settle(input.review, 'conflict', conflict.status);
      else if (accessProblemOf(error)) setRefusal(error);
      else return; // A refused field or an unreachable server: the dialog stays, with the message.
      close(input.review);
    },
  });
  /** The dialog closes on what became of the order, which takes the focus; everything the console shows is read again. */
  function close(review: AdminRiskReview) {
    focusAfter.current = review.orderId;
    setDecision(null);
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  }
  const open = (kind: Decision['kind'], review: AdminRiskReview) => {
    mutation.reset();
    setRefusal(null);
    setDecision({ kind, review });
  };
  const restoreFocus = (event: Event) => {
    const card = focusAfter.current ? cards.current.get(focusAfter.current) : undefined;
    focusAfter.current = null;
    if (!card) return;
    event.preventDefault();
    card.focus();
  };
  const dismiss = (orderId: string) =>
    setSettled((was) => {
      const next = new Map(was);
      next.delete(orderId);
      return next;
    });
  const accessProblem = accessProblemOf(refusal);
  const amount = decision ? formatCents(decision.review.totalCents, language) : '';

  return (
    <AdminPageFrame
      title={t('admin.reviews.title')}
      lead={t('admin.reviews.lead')}
      aside={
        queue.data && (
          <Badge tone={queue.data.count > 0 ? 'warn' : 'good'} testId="reviews-total">
            {t('admin.reviews.count', { count: queue.data.count })}
          </Badge>
        )
      }
    >
      {accessProblem && <AccessNotice problem={accessProblem} />}
      <Loaded query={queue}>
        {(data) => {
          const rows = queueWithSettled(data.reviews, settled);
          if (rows.length === 0) {
            return (
              <p className="rounded-2xl border bg-card p-6 text-center text-muted-foreground" data-testid="reviews-empty">
                {t('admin.reviews.empty')}
              </p>
            );
          }
          return (
            <>
              {data.count > data.reviews.length && (
                <p className="text-sm text-muted-foreground" data-testid="reviews-partial">
                  {t('admin.reviews.partial', { shown: data.reviews.length, count: data.count })}
                </p>
              )}
              <ul className="flex flex-col gap-4" aria-label={t('admin.reviews.listLabel')} data-testid="reviews-list">
                {rows.map(({ review, settled: outcome }) => (
                  <li key={review.orderId}>
                    <ReviewCard
                      review={review}
                      settled={outcome}
                      now={now}
                      onApprove={() => open('approve', review)}
                      onReject={() => open('reject', review)}
                      onDismiss={() => dismiss(review.orderId)}
                      focusRef={(node) => void (node ? cards.current.set(review.orderId, node) : cards.current.delete(review.orderId))}
                    />
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </Loaded>
      <ReasonDialog
        open={decision?.kind === 'approve'}
        onOpenChange={(isOpen) => !isOpen && setDecision(null)}
        title={t('admin.reviews.approveTitle', { reference: decision?.review.reference ?? '' })}
        description={t('admin.reviews.approveBody', { amount })}
        submitLabel={t('admin.reviews.approve')}
        pending={mutation.isPending}
        error={mutation.isError && decision ? mutation.error : null}
        onSubmit={(reason) => decision && mutation.mutate({ kind: 'approve', reason, review: decision.review })}
        onCloseAutoFocus={restoreFocus}
      />
      <RejectDialog
        open={decision?.kind === 'reject'}
        onOpenChange={(isOpen) => !isOpen && setDecision(null)}
        reference={decision?.review.reference ?? ''}
        amount={amount}
        pending={mutation.isPending}
        error={mutation.isError && decision ? mutation.error : null}
        onSubmit={(body) => decision && mutation.mutate({ kind: 'reject', body, review: decision.review })}
        onCloseAutoFocus={restoreFocus}
      />
    </AdminPageFrame>
  );
}
