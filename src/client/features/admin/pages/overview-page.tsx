import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import type { AdminOverviewResponse } from '@shared/api/admin';
import { ORDER_STATUSES } from '@shared/api/orders';
import { ADMIN_PATHS, ordersPathWith } from '../admin-paths';
import { overviewQueryOptions, topupWalletQueryOptions } from '../api/queries';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { LoadError, Loading } from '../components/query-state';
import { OrderStatusBadge } from '../components/status-badge';
import { ScrollTable, Td, Th, Tr } from '../components/table';
import { formatCents, formatDateTime, formatMoney } from '../lib/format';
import { useLanguage } from '../lib/use-language';

function Figure({ label, value, testId, children }: { label: string; value: ReactNode; testId: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border bg-background p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {children && <dd>{children}</dd>}
    </div>
  );
}

/** Statuses in the order an order goes through them; any the console does not know yet come last. */
function statusRows(counts: AdminOverviewResponse['statusCounts']): Array<[string, number]> {
  const known: string[] = [...ORDER_STATUSES];
  const others = Object.keys(counts).filter((status) => !known.includes(status));
  return [...known, ...others].flatMap((status) => {
    const count = (counts as Record<string, number | undefined>)[status];
    return count ? [[status, count] as [string, number]] : [];
  });
}

function DayAtAGlance({ overview }: { overview: AdminOverviewResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { last24h } = overview;
  const rows = statusRows(overview.statusCounts);
  return (
    <>
      <AdminSection title={t('admin.overview.last24h')} id="overview-last-24h">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
          <Figure label={t('admin.overview.attention')} value={overview.attentionCount} testId="overview-attention">
            <Link to={ADMIN_PATHS.attention} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              {t('admin.overview.attentionLink')}
            </Link>
          </Figure>
          <Figure label={t('admin.overview.orders')} value={last24h.orders} testId="overview-orders" />
          <Figure label={t('admin.overview.completed')} value={last24h.completed} testId="overview-completed" />
          <Figure label={t('admin.overview.failed')} value={last24h.failed} testId="overview-failed" />
          <Figure
            label={t('admin.overview.captured')}
            value={<span dir="ltr">{formatCents(last24h.capturedCents, language)}</span>}
            testId="overview-captured"
          />
        </dl>
      </AdminSection>
      <AdminSection title={t('admin.overview.statusCounts')} id="overview-status-counts">
        {rows.length === 0 ? (
          <p className="text-muted-foreground">{t('admin.overview.noOrders')}</p>
        ) : (
          <ScrollTable label={t('admin.overview.statusTable')} minWidth="min-w-[18rem]">
            <thead>
              <tr>
                <Th>{t('admin.overview.status')}</Th>
                <Th className="text-end">{t('admin.overview.count')}</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([status, count]) => (
                <Tr key={status}>
                  <Td>
                    <Link to={ordersPathWith(new URLSearchParams({ status }))} className="rounded-lg">
                      <OrderStatusBadge status={status} />
                    </Link>
                  </Td>
                  <Td className="text-end tabular-nums" data-testid={`status-count-${status}`}>
                    {count}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </AdminSection>
    </>
  );
}

/** The top-up provider's wallet as the last top-up reported it, with the warning when it runs low. */
function WalletSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const wallet = useQuery(topupWalletQueryOptions());
  return (
    <AdminSection title={t('admin.wallet.title')} id="overview-wallet">
      {!wallet.data ? (
        wallet.isError ? (
          <LoadError error={wallet.error} onRetry={() => void wallet.refetch()} />
        ) : (
          <Loading />
        )
      ) : wallet.data.balance === null ? (
        <p className="text-muted-foreground" data-testid="wallet-unknown">
          {t('admin.wallet.unknown')}
        </p>
      ) : (
        <>
          {wallet.data.low && wallet.data.lowBalance !== null && (
            <p
              className="flex gap-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              data-testid="wallet-low"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('admin.wallet.low', { threshold: formatMoney(wallet.data.lowBalance, 'USD', language) })}
            </p>
          )}
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure
              label={t('admin.wallet.balance')}
              value={<span dir="ltr">{formatMoney(wallet.data.balance, wallet.data.currencyCode ?? 'USD', language)}</span>}
              testId="wallet-balance"
            />
            <div className="flex flex-col gap-1 rounded-xl border bg-background p-4">
              <dt className="text-sm text-muted-foreground">{t('admin.wallet.reportedAt')}</dt>
              <dd className="font-medium">{wallet.data.reportedAt ? formatDateTime(wallet.data.reportedAt, language) : t('admin.common.none')}</dd>
            </div>
            <div className="flex flex-col gap-1 rounded-xl border bg-background p-4">
              <dt className="text-sm text-muted-foreground">{t('admin.wallet.threshold')}</dt>
              <dd className="font-medium">
                {wallet.data.lowBalance === null ? t('admin.wallet.notSet') : formatMoney(wallet.data.lowBalance, 'USD', language)}
              </dd>
            </div>
          </dl>
        </>
      )}
    </AdminSection>
  );
}

export function OverviewPage() {
  const { t } = useTranslation();
  const overview = useQuery(overviewQueryOptions());
  return (
    <AdminPageFrame title={t('admin.overview.title')} lead={t('admin.overview.lead')}>
      {overview.data ? (
        <DayAtAGlance overview={overview.data} />
      ) : overview.isError ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <Loading />
      )}
      <WalletSection />
    </AdminPageFrame>
  );
}
