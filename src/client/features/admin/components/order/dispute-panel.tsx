import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Send } from 'lucide-react';
import type { AdminOrderDetail } from '@shared/api/admin';
import { DISPUTE_STATEMENT_MAX_LENGTH, type AdminDispute } from '@shared/api/admin-disputes';
import { Button } from '@/components/ui/button';
import { DescriptionRow } from '@/components/ui/description-row';
import { InlineError } from '@/components/ui/inline-error';
import { Label, Textarea } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-error-text';
import { disputeEvidenceUrl, submitDisputeEvidence } from '../../api/disputes';
import { orderQueryOptions } from '../../api/orders';
import { formatCents, formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { AdminSection } from '../admin-page-frame';
import { isolatedIn } from '../isolated-in';

/**
 * The order's dispute (ADR 060): what the customer's bank disputes and where it stands, the evidence to download
 * (the record a person attaches elsewhere), and, while the dispute awaits it, the evidence submitted with the admin's
 * statement. Shown only on an order that has a dispute.
 */
export function DisputePanel({ order }: { order: AdminOrderDetail }) {
  const dispute = order.dispute;
  if (!dispute) return null;
  return <DisputeSection orderId={order.id} dispute={dispute} />;
}

function DisputeSection({ orderId, dispute }: { orderId: string; dispute: AdminDispute }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const none = t('admin.common.none');
  const when = (iso: string | null) => (iso ? formatDateTime(iso, language) : none);
  return (
    <AdminSection
      title={t('admin.dispute.title')}
      id="order-dispute"
      actions={
        <Button asChild variant="outline" size="sm">
          <a href={disputeEvidenceUrl(orderId)} download data-testid="dispute-evidence-download">
            <Download aria-hidden="true" />
            {t('admin.dispute.download')}
          </a>
        </Button>
      }
    >
      <dl className="text-sm" data-testid="dispute">
        <DescriptionRow label={t('admin.dispute.amount')} testId="dispute-amount" ltr>
          {formatCents(dispute.amountCents, language)}
        </DescriptionRow>
        <DescriptionRow label={t('admin.dispute.reason')} testId="dispute-reason">
          {t(`admin.dispute.reasons.${dispute.reason}`, { defaultValue: dispute.reason })}
        </DescriptionRow>
        <DescriptionRow label={t('admin.dispute.status')} testId="dispute-status">
          <span data-status={dispute.status}>{t(`admin.dispute.statuses.${dispute.status}`, { defaultValue: dispute.status })}</span>
        </DescriptionRow>
        <DescriptionRow label={t('admin.dispute.dueBy')} testId="dispute-due-by">
          {when(dispute.evidenceDueBy)}
        </DescriptionRow>
        {dispute.evidenceSubmittedAt && (
          <DescriptionRow label={t('admin.dispute.submitted')} testId="dispute-submitted">
            {when(dispute.evidenceSubmittedAt)}
            {dispute.evidenceSubmittedBy && <> · {isolatedIn((slot) => t('admin.order.eventBy', { email: slot }), dispute.evidenceSubmittedBy)}</>}
          </DescriptionRow>
        )}
        <DescriptionRow label={t('admin.dispute.outcome')} testId="dispute-outcome">
          {dispute.outcome ? t(`admin.dispute.statuses.${dispute.outcome}`) : t('admin.dispute.undecided')}
        </DescriptionRow>
      </dl>
      {dispute.canSubmitEvidence && <EvidenceForm orderId={orderId} />}
    </AdminSection>
  );
}

/** The admin's statement, sent with the assembled record; the answer replaces the order's dispute on the page. */
function EvidenceForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [statement, setStatement] = useState('');
  const submit = useMutation({
    mutationFn: () => submitDisputeEvidence(orderId, statement),
    onSuccess: (answer) =>
      queryClient.setQueryData(
        orderQueryOptions(orderId).queryKey,
        (current) => current && { ...current, order: { ...current.order, dispute: answer.dispute } },
      ),
  });
  return (
    <form
      className="mt-3 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (statement.trim()) submit.mutate();
      }}
    >
      <Label htmlFor={`${id}-statement`}>{t('admin.dispute.statement')}</Label>
      <Textarea
        id={`${id}-statement`}
        value={statement}
        onChange={(event) => setStatement(event.target.value)}
        maxLength={DISPUTE_STATEMENT_MAX_LENGTH}
        rows={5}
        dir="auto"
        required
        aria-describedby={`${id}-statement-hint`}
        data-testid="dispute-statement"
      />
      <p id={`${id}-statement-hint`} className="text-xs text-muted-foreground">
        {t('admin.dispute.statementHint')}
      </p>
      {submit.isError && (
        <InlineError title={t('admin.dispute.refused')} testId="dispute-refusal">
          {apiErrorText(t, submit.error)}
        </InlineError>
      )}
      <div>
        <Button type="submit" disabled={submit.isPending || !statement.trim()} data-testid="dispute-submit">
          <Send aria-hidden="true" />
          {t('admin.dispute.submit')}
        </Button>
      </div>
    </form>
  );
}
