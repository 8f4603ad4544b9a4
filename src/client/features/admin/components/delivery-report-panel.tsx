import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, HandCoins, Search } from 'lucide-react';
import { ADMIN_DELIVERY_REFERENCE_MAX_LENGTH, type AdminDeliveryReportAction, type AdminOrderDetail } from '@shared/api/admin';
import { OPEN_DELIVERY_REPORT_STATUSES } from '@shared/api/delivery-reports';
import { DescriptionRow } from '@/components/ui/description-row';
import { Input, Label } from '@/components/ui/input';
import { orderQueryOptions, runDeliveryReportAction, runOrderAction } from '../api/orders';
import { formatCents, formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { ActionPanel, type ActionLook } from './action-panel';
import { isolatedIn } from './isolated-in';

/** "Resolve: refunded" is the order's own refund, whose move to refunded resolves the report. */
type ReportAction = AdminDeliveryReportAction | 'refund';

const ICONS = { checking: Search, delivered: BadgeCheck, refund: HandCoins } as const;

/** What the report's status allows: take it, then resolve it as delivered or by refunding the order (when it may be). */
function reportActions(order: AdminOrderDetail): ReportAction[] {
  const report = order.deliveryReport;
  if (!report || !OPEN_DELIVERY_REPORT_STATUSES.includes(report.status)) return [];
  const refund: ReportAction[] = order.actions.includes('refund') ? ['refund'] : [];
  return report.status === 'reported' ? ['checking', 'delivered', ...refund] : ['delivered', ...refund];
}

/**
 * The customer's "It didn't arrive" report on the order's page: their words, the operator's transaction id to check it
 * against, and the admin's actions, each behind a reason. Resolving as delivered sends the operator's reference typed
 * here, which starts as the order's operator transaction id.
 */
export function DeliveryReportPanel({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const id = useId();
  const [reference, setReference] = useState(order.operatorTransactionId ?? '');
  const report = order.deliveryReport;
  if (!report) return null;
  const none = t('admin.common.none');
  const amount = formatCents(order.totalCents, language);
  const actions = reportActions(order);
  const look = (action: ReportAction): ActionLook => ({
    label: t(`admin.deliveryReport.${action}`),
    icon: ICONS[action],
    destructive: action === 'refund',
    dialogTitle: t(`admin.deliveryReport.${action}Title`),
    dialogBody: t(`admin.deliveryReport.${action}Body`, { amount, reference: reference.trim() || none }),
    confirmation: action === 'refund' ? t('admin.action.refundConfirm', { amount }) : undefined,
    doneText: t(`admin.deliveryReport.${action}Done`),
  });
  return (
    <ActionPanel
      title={t('admin.deliveryReport.title')}
      id="order-delivery-report"
      actions={actions}
      look={look}
      run={(action, reason) =>
        action === 'refund' ? runOrderAction(order.id, 'refund', reason) : runDeliveryReportAction(order.id, action, reason, reference)
      }
      onDone={(answer) => queryClient.setQueryData(orderQueryOptions(order.id).queryKey, (current) => current && { ...current, order: answer.order })}
      noActions={t('admin.deliveryReport.resolved')}
      statusText={(status) => t(`admin.deliveryReport.status.${status}`, { defaultValue: t(`admin.status.${status}`, { defaultValue: status }) })}
    >
      <dl className="mt-2 text-sm" data-testid="delivery-report">
        <DescriptionRow label={t('admin.deliveryReport.state')} testId="delivery-report-status">
          <span data-status={report.status}>{t(`admin.deliveryReport.status.${report.status}`)}</span>
        </DescriptionRow>
        <DescriptionRow label={t('admin.deliveryReport.reportedAt')} testId="delivery-report-created">
          {formatDateTime(report.createdAt, language)}
        </DescriptionRow>
        <DescriptionRow label={t('admin.deliveryReport.message')} testId="delivery-report-message">
          <span dir="auto" className="whitespace-pre-line">
            {report.message ?? t('admin.deliveryReport.noMessage')}
          </span>
        </DescriptionRow>
        <DescriptionRow label={t('admin.order.operatorTransactionId')} testId="delivery-report-operator-transaction-id" code>
          {order.operatorTransactionId ?? none}
        </DescriptionRow>
        {report.resolvedAt && (
          <>
            <DescriptionRow label={t('admin.deliveryReport.resolvedAt')} testId="delivery-report-resolved-at">
              {formatDateTime(report.resolvedAt, language)}
              {report.resolvedByEmail && <> · {isolatedIn((slot) => t('admin.order.eventBy', { email: slot }), report.resolvedByEmail)}</>}
            </DescriptionRow>
            <DescriptionRow label={t('admin.deliveryReport.reference')} testId="delivery-report-reference" code>
              {report.resolutionReference ?? none}
            </DescriptionRow>
            {report.resolutionNote && (
              <DescriptionRow label={t('admin.deliveryReport.note')} testId="delivery-report-note">
                <span dir="auto">{report.resolutionNote}</span>
              </DescriptionRow>
            )}
          </>
        )}
      </dl>
      {actions.includes('delivered') && (
        <div className="mt-2 flex max-w-md flex-col gap-1.5">
          <Label htmlFor={`${id}-reference`}>{t('admin.deliveryReport.referenceField')}</Label>
          <Input
            id={`${id}-reference`}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            maxLength={ADMIN_DELIVERY_REFERENCE_MAX_LENGTH}
            dir="ltr"
            aria-describedby={`${id}-reference-hint`}
            className="font-mono"
            data-testid="delivery-report-reference-input"
          />
          <p id={`${id}-reference-hint`} className="text-xs text-muted-foreground">
            {t('admin.deliveryReport.referenceHint')}
          </p>
        </div>
      )}
    </ActionPanel>
  );
}
