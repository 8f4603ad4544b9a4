import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_REASON_MAX_LENGTH } from '@shared/api/admin';
import type { BusinessAlert } from '@shared/api/admin-alerts';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { orderPath } from '../admin-paths';
import { alertsQueryOptions, resolveAlert } from '../api/alerts';
import { ADMIN_QUERY_KEY } from '../api/request';
import { formatCents, formatDateTime, formatMoney, shortId } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { AdminList, wholeList } from './admin-list';
import { AdminSection } from './admin-page-frame';
import { linkClass } from './link-class';
import { ReasonDialog } from './reason-dialog';
import { Badge } from './status-badge';
import { Td, Tr } from './table';

/** What the alert's check saw, in the admin's words, with the links to the orders it concerns. */
function AlertFacts({ alert }: { alert: BusinessAlert }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { details } = alert;
  switch (alert.kind) {
    case 'wallet_low':
      return t('admin.alerts.details.wallet_low', {
        balance: formatMoney(details.balance ?? 0, details.currencyCode ?? 'USD', language),
        threshold: formatMoney(Number(details.threshold ?? 0), 'USD', language),
      });
    case 'wallet_difference':
      return (
        <>
          {t(`admin.alerts.details.${details.differenceKind ?? 'unexplained'}`, { amount: formatCents(details.amountCents ?? 0, language) })}{' '}
          {details.orderId && (
            <Link to={orderPath(details.orderId)} className={linkClass} data-testid="alert-order">
              {t('admin.alerts.order')} <bdi dir="ltr">{shortId(details.orderId)}</bdi>
            </Link>
          )}
          {details.previousOrderId && (
            <>
              {' · '}
              <Link to={orderPath(details.previousOrderId)} className={linkClass}>
                {t('admin.alerts.previousOrder')} <bdi dir="ltr">{shortId(details.previousOrderId)}</bdi>
              </Link>
            </>
          )}
        </>
      );
    case 'operator_failing':
      return (
        <>
          {t('admin.alerts.details.operator_failing', {
            operator: details.operatorName,
            country: details.countryIso,
            failed: details.failed,
            sent: details.sent,
          })}
          {details.switchedOff && <> {t('admin.alerts.details.operator_switched_off')}</>}
        </>
      );
    case 'decline_rate':
      return t('admin.alerts.details.decline_rate', { declines: details.declines, payments: details.payments, percent: details.ratePercent });
  }
}

/** An alert's resolve button and the note every action of the console asks for. */
function ResolveAlert({ alert }: { alert: BusinessAlert }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (note: string) => resolveAlert(alert.id, note),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
      setOpen(false);
      toast({ title: t('admin.alerts.resolved') });
    },
  });
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        aria-label={`${t('admin.alerts.resolve')}: ${t(`admin.alerts.kinds.${alert.kind}`)}`}
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
        data-testid="alert-resolve"
      >
        {t('admin.alerts.resolve')}
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={t('admin.alerts.resolveTitle')}
        description={t('admin.alerts.resolveDescription')}
        submitLabel={t('admin.alerts.resolve')}
        reasonHint={t('admin.alerts.resolveHint', { max: ADMIN_REASON_MAX_LENGTH })}
        pending={mutation.isPending}
        error={mutation.isError ? mutation.error : null}
        onSubmit={(note) => mutation.mutate(note)}
      />
    </>
  );
}

function AlertRow({ alert }: { alert: BusinessAlert }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Tr data-testid="alert-row" data-kind={alert.kind}>
      <Td className="whitespace-nowrap">
        <time dateTime={alert.raisedAt}>{formatDateTime(alert.raisedAt, language)}</time>
      </Td>
      <Td className="font-semibold whitespace-nowrap">{t(`admin.alerts.kinds.${alert.kind}`)}</Td>
      <Td className="min-w-64 text-sm">
        <AlertFacts alert={alert} />
      </Td>
      <Td>
        <ResolveAlert alert={alert} />
      </Td>
    </Tr>
  );
}

/**
 * The business alerts above the attention queue's orders (docs/decisions/061-…): what needs a person beyond one
 * order, newest first, each with what its check saw and a way to resolve it with a note.
 */
export function AlertsSection() {
  const { t } = useTranslation();
  const query = useQuery(alertsQueryOptions());
  const count = query.data?.alerts.length ?? 0;
  return (
    <AdminSection title={t('admin.alerts.title')} id="business-alerts">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">{t('admin.alerts.lead')}</p>
        {query.data && (
          <Badge tone={count > 0 ? 'warn' : 'good'} testId="alerts-total">
            {t('admin.alerts.count', { count })}
          </Badge>
        )}
      </div>
      <AdminList
        read={wholeList(query, (data) => data.alerts)}
        label={t('admin.alerts.table')}
        columns={[
          { label: t('admin.alerts.since') },
          { label: t('admin.alerts.columns.kind') },
          { label: t('admin.alerts.columns.details') },
          { label: t('admin.alerts.columns.action') },
        ]}
        minWidth="min-w-[40rem]"
        testId="alerts-table"
        empty={t('admin.alerts.empty')}
        rowKey={(alert) => String(alert.id)}
        row={(alert) => <AlertRow alert={alert} />}
      />
    </AdminSection>
  );
}
