import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useOrders } from './get-orders';
import { OrderList } from './order-list';
import { summariseOrder } from './order-format';
import { useLanguage } from './use-language';

/** The id of the section, for links to the profile's transactions (docs/product.md §2 navigation label 'Transactions'). */
export const TRANSACTIONS_ANCHOR = 'transactions';

/** /profile#transactions scrolls here once the list has loaded: the browser looks for the anchor before it exists. */
function useScrollToAnchor(ready: boolean) {
  const { hash } = useLocation();
  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ready && hash === `#${TRANSACTIONS_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
  return section;
}

function HistorySkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="history-loading">
      <span className="sr-only">{t('history.loading')}</span>
      <div className="flex flex-col gap-3" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex animate-pulse items-center gap-4 rounded-xl border p-4">
            <div className="h-4 w-24 rounded bg-muted-foreground/15" />
            <div className="h-4 flex-1 rounded bg-muted-foreground/15" />
            <div className="h-6 w-20 rounded-full bg-muted-foreground/15" />
          </div>
        ))}
      </div>
    </div>
  );
}

function EmptyHistory() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-6" data-testid="history-empty">
      <p className="text-sm text-muted-foreground">{t('history.empty')}</p>
      <Button asChild size="sm">
        <Link to={ROUTES.home}>{t('history.startTopUp')}</Link>
      </Button>
    </div>
  );
}

/** The signed-in user's top-ups, newest first, each with its details and 'Top up again'. */
export function TransactionHistorySection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const orders = useOrders(userId);
  const section = useScrollToAnchor(!orders.isPending);
  const summaries = useMemo(() => (orders.data ?? []).map((order) => summariseOrder(order, language)), [orders.data, language]);
  return (
    <Card
      ref={section}
      id={TRANSACTIONS_ANCHOR}
      role="region"
      aria-labelledby="transactions-title"
      className="scroll-mt-20"
      data-testid="transaction-history"
    >
      <CardHeader>
        <CardTitle level={2} id="transactions-title">
          {t('history.title')}
        </CardTitle>
        <CardDescription>{t('history.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {orders.isPending && <HistorySkeleton />}
        {orders.isError && (
          <div className="flex flex-wrap items-center gap-3" data-testid="history-error">
            <p className="text-sm text-destructive" role="alert">
              {t('history.loadFailed')}
            </p>
            <Button variant="outline" size="sm" disabled={orders.isFetching} onClick={() => void orders.refetch()}>
              {t('history.retry')}
            </Button>
          </div>
        )}
        {orders.isSuccess && (summaries.length === 0 ? <EmptyHistory /> : <OrderList userId={userId} summaries={summaries} />)}
      </CardContent>
    </Card>
  );
}
