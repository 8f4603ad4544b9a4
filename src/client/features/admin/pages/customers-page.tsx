import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import type { AdminCustomerRow } from '@shared/api/admin';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { customerPath } from '../admin-paths';
import { customersQueryOptions } from '../api/customers';
import { AccountBadges } from '../components/account-badges';
import { AdminList, ListFilters, pagedList } from '../components/admin-list';
import { AdminPageFrame } from '../components/admin-page-frame';
import { linkClass } from '../components/link-class';
import { Td, Tr } from '../components/table';
import { formatDateTime } from '../lib/format';
import { readText, writeParams } from '../lib/search-params';
import { useDraft } from '../lib/use-draft';
import { useLanguage } from '../lib/use-language';
import { useUrlFilters, type FiltersInUrl } from '../lib/use-url-filters';

/** The customers' search box, as the URL carries it (`?q=…`). */
const CUSTOMER_SEARCH_IN_URL: FiltersInUrl<string> = {
  fromParams: (params) => readText(params, 'q').slice(0, 200),
  toParams: (q) => writeParams({ q }),
};

function CustomerSearch({ applied, onApply }: { applied: string; onApply: (q: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useDraft(applied, applied);
  return (
    <ListFilters label={t('admin.customers.search')} onApply={() => onApply(q)} className="flex flex-col gap-1.5">
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
    </ListFilters>
  );
}

export function CustomerRow({ customer }: { customer: AdminCustomerRow }) {
  const language = useLanguage();
  return (
    <Tr data-testid="customer-row" data-customer-id={customer.id}>
      <Td className="max-w-64 break-words">
        <Link to={customerPath(customer.id)} className={linkClass}>
          {customer.email}
        </Link>
      </Td>
      <Td className="max-w-56 break-words">
        <bdi>{customer.name}</bdi>
        {customer.username && (
          <span className="block text-xs text-muted-foreground">
            <bdi dir="ltr">@{customer.username}</bdi>
          </span>
        )}
      </Td>
      <Td className="whitespace-nowrap">{formatDateTime(customer.createdAt, language)}</Td>
      <Td>
        <AccountBadges customer={customer} />
      </Td>
    </Tr>
  );
}

export function CustomersPage() {
  const { t } = useTranslation();
  const [q, applySearch] = useUrlFilters(CUSTOMER_SEARCH_IN_URL);
  const customers = useInfiniteQuery(customersQueryOptions({ q: q || undefined }));

  return (
    <AdminPageFrame title={t('admin.customers.title')} lead={t('admin.customers.lead')}>
      <CustomerSearch applied={q} onApply={applySearch} />
      <AdminList
        read={pagedList(customers, (page) => page.customers)}
        label={t('admin.customers.table')}
        columns={[
          { label: t('admin.customers.columns.email') },
          { label: t('admin.customers.columns.name') },
          { label: t('admin.customers.columns.created') },
          { label: t('admin.customers.columns.flags') },
        ]}
        minWidth="min-w-[44rem]"
        testId="customers-table"
        empty={t('admin.customers.empty')}
        rowKey={(customer) => customer.id}
        row={(customer) => <CustomerRow customer={customer} />}
      />
    </AdminPageFrame>
  );
}
