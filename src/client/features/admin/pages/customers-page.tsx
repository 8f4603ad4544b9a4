import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { customerPath } from '../admin-paths';
import { customersQueryOptions } from '../api/customers';
import { AdminPageFrame } from '../components/admin-page-frame';
import { LoadMore } from '../components/load-more';
import { linkClass } from '../components/orders-table';
import { LoadError, Loading } from '../components/query-state';
import { AccountBadges } from '../components/account-badges';
import { EmptyRow, ScrollTable, Td, Th, Tr } from '../components/table';
import { formatDateTime } from '../lib/format';
import { readText, writeParams } from '../lib/search-params';
import { useDraft } from '../lib/use-draft';
import { useLanguage } from '../lib/use-language';

function CustomerSearch({ applied, onApply }: { applied: string; onApply: (q: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useDraft(applied, applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(q);
  };
  return (
    <form
      role="search"
      aria-label={t('admin.customers.search')}
      onSubmit={submit}
      className="flex flex-col gap-1.5 rounded-2xl border bg-card p-4 shadow-sm"
    >
      <Label htmlFor={`${id}-q`}>{t('admin.customers.search')}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-q`}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          maxLength={200}
          aria-describedby={`${id}-q-hint`}
          className="min-w-0 flex-1 basis-64"
          data-testid="customers-search"
        />
        <Button type="submit">
          <Search aria-hidden="true" />
          {t('admin.common.apply')}
        </Button>
      </div>
      <p id={`${id}-q-hint`} className="text-xs text-muted-foreground">
        {t('admin.customers.searchHint')}
      </p>
    </form>
  );
}

export function CustomersPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const q = readText(params, 'q').slice(0, 200);
  const customers = useInfiniteQuery(customersQueryOptions({ q: q || undefined }));
  const rows = customers.data?.pages.flatMap((page) => page.customers) ?? [];

  return (
    <AdminPageFrame title={t('admin.customers.title')} lead={t('admin.customers.lead')}>
      <CustomerSearch applied={q} onApply={(next) => setParams(writeParams({ q: next }))} />
      {!customers.data ? (
        customers.isError ? (
          <LoadError error={customers.error} onRetry={() => void customers.refetch()} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <ScrollTable label={t('admin.customers.table')} minWidth="min-w-[44rem]" testId="customers-table">
            <thead>
              <tr>
                <Th>{t('admin.customers.columns.email')}</Th>
                <Th>{t('admin.customers.columns.name')}</Th>
                <Th>{t('admin.customers.columns.created')}</Th>
                <Th>{t('admin.customers.columns.flags')}</Th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && <EmptyRow columns={4}>{t('admin.customers.empty')}</EmptyRow>}
              {rows.map((customer) => (
                <Tr key={customer.id} data-testid="customer-row" data-customer-id={customer.id}>
                  <Td className="max-w-64 break-words">
                    <Link to={customerPath(customer.id)} className={linkClass}>
                      {customer.email}
                    </Link>
                  </Td>
                  <Td className="max-w-56 break-words">
                    <span dir="auto">{customer.name}</span>
                    {customer.username && (
                      <span className="block text-xs text-muted-foreground">
                        <span dir="ltr">@{customer.username}</span>
                      </span>
                    )}
                  </Td>
                  <Td className="whitespace-nowrap">{formatDateTime(customer.createdAt, language)}</Td>
                  <Td>
                    <AccountBadges customer={customer} />
                  </Td>
                </Tr>
              ))}
            </tbody>
          </ScrollTable>
          <LoadMore
            shown={rows.length}
            hasNextPage={customers.hasNextPage}
            isFetchingNextPage={customers.isFetchingNextPage}
            error={customers.isFetchNextPageError ? customers.error : null}
            fetchNextPage={() => void customers.fetchNextPage()}
          />
        </>
      )}
    </AdminPageFrame>
  );
}
