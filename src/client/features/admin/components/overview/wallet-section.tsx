import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { topupWalletQueryOptions } from '../../api/overview';
import { formatCents, formatDateTime, formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { AdminSection } from '../admin-page-frame';
import { LoadError, Loading } from '../query-state';
import { formatCount } from '../../lib/overview-series';
import { Figure, Ltr } from './window-figures';

/** The top-up provider's wallet as last read or reported, how long it lasts at the last week's spend, and the warning when it runs low. */
export function WalletSection() {
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
          <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <Figure
              label={t('admin.wallet.balance')}
              value={<Ltr>{formatMoney(wallet.data.balance, wallet.data.currencyCode ?? 'USD', language)}</Ltr>}
              testId="wallet-balance"
            />
            <div className="flex flex-col gap-1 rounded-xl border bg-background p-4">
              <dt className="text-sm text-muted-foreground">{t('admin.wallet.reportedAt')}</dt>
              <dd className="font-medium">{wallet.data.reportedAt ? formatDateTime(wallet.data.reportedAt, language) : t('admin.common.none')}</dd>
            </div>
            <div className="flex flex-col gap-1 rounded-xl border bg-background p-4" data-testid="wallet-days-left">
              <dt className="text-sm text-muted-foreground">{t('admin.wallet.daysLeft')}</dt>
              <dd className="font-medium">
                {wallet.data.daysLeft == null ? t('admin.wallet.noSpend') : <Ltr>{formatCount(wallet.data.daysLeft, language)}</Ltr>}
              </dd>
            </div>
            <div className="flex flex-col gap-1 rounded-xl border bg-background p-4">
              <dt className="text-sm text-muted-foreground">{t('admin.wallet.spent')}</dt>
              <dd className="font-medium">
                <Ltr>{formatCents(wallet.data.spentLast7DaysCents ?? 0, language)}</Ltr>
              </dd>
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
