import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download, Filter, Search } from 'lucide-react';
import { ADMIN_ORDERS_EXPORT_PATH, PAYMENT_PROVIDERS } from '@shared/api/admin';
import { ORDER_STATUSES, type OrderStatus } from '@shared/api/orders';
import { Button } from '@/components/ui/button';
import { Input, Label, NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { countriesQueryOptions, ordersQueryOptions } from '../api/orders';
import { queryString } from '../api/request';
import { ListFilters, pagedList } from '../components/admin-list';
import { AdminPageFrame } from '../components/admin-page-frame';
import { Field } from '../components/field';
import { OrdersList } from '../components/orders-table';
import { countryName } from '../lib/format';
import {
  activeOrderFilterCount,
  NO_ORDER_FILTERS,
  ORDER_FILTERS_IN_URL,
  orderFiltersToParams,
  orderFiltersToQuery,
  type OrderFilters,
} from '../lib/order-filters';
import { useDraft } from '../lib/use-draft';
import { useLanguage } from '../lib/use-language';
import { useUrlFilters } from '../lib/use-url-filters';

/** The catalogue's countries by name in the admin's language, and the one filtered on even if the catalogue lacks it. */
function useCountryOptions(selected: string) {
  const language = useLanguage();
  const countries = useQuery(countriesQueryOptions());
  return useMemo(() => {
    const codes = new Set((countries.data ?? []).map((country) => country.iso_name.toUpperCase()));
    if (selected) codes.add(selected);
    return [...codes].map((code) => ({ code, name: countryName(code, language) })).sort((a, b) => a.name.localeCompare(b.name, language));
  }, [countries.data, language, selected]);
}

function StatusChoices({ chosen, onChange }: { chosen: OrderStatus[]; onChange: (status: OrderStatus[]) => void }) {
  const { t } = useTranslation();
  const toggle = (status: OrderStatus, on: boolean) =>
    onChange(ORDER_STATUSES.filter((candidate) => (candidate === status ? on : chosen.includes(candidate))));
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 sm:col-span-2 lg:col-span-4">
      <legend className="mb-1.5 text-sm font-medium">{t('admin.orders.status')}</legend>
      <div className="flex flex-wrap gap-2">
        {ORDER_STATUSES.map((status) => (
          <label
            key={status}
            className={cn(
              'inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              chosen.includes(status) && 'border-primary bg-accent text-accent-foreground',
            )}
          >
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              checked={chosen.includes(status)}
              onChange={(event) => toggle(status, event.target.checked)}
            />
            {t(`admin.status.${status}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The search box and the filters. They change the URL when applied (Enter or Apply), so the list can be shared and
 * survives a reload; the form starts again from the URL whenever the URL changes under it.
 */
function OrderFiltersForm({ applied, onApply }: { applied: OrderFilters; onApply: (filters: OrderFilters) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useDraft(applied, orderFiltersToParams(applied).toString());
  const active = activeOrderFilterCount(applied);
  const [open, setOpen] = useState(active > 0);
  const countries = useCountryOptions(draft.country);
  const set = <K extends keyof OrderFilters>(key: K, value: OrderFilters[K]) => setDraft((current) => ({ ...current, [key]: value }));

  return (
    <ListFilters label={t('admin.orders.search')} onApply={() => onApply(draft)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-q`}>{t('admin.orders.search')}</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-q`}
            type="search"
            value={draft.q}
            onChange={(event) => set('q', event.target.value)}
            maxLength={200}
            aria-describedby={`${id}-q-hint`}
            className="min-w-0 flex-1 basis-64"
            data-testid="orders-search"
          />
          <div className="flex gap-2">
            <Button type="submit">
              <Search aria-hidden="true" />
              {t('admin.common.apply')}
            </Button>
            <Button type="button" variant="outline" aria-expanded={open} aria-controls={`${id}-filters`} onClick={() => setOpen((was) => !was)}>
              <Filter aria-hidden="true" />
              {t('admin.common.filters')}
              {active > 0 && (
                <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                  {t('admin.orders.activeFilters', { count: active })}
                </span>
              )}
            </Button>
          </div>
        </div>
        <p id={`${id}-q-hint`} className="text-xs text-muted-foreground">
          {t('admin.orders.searchHint')}
        </p>
      </div>
      <div id={`${id}-filters`} hidden={!open} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatusChoices chosen={draft.status} onChange={(status) => set('status', status)} />
        <Field id={`${id}-from`} label={t('admin.orders.from')}>
          <Input id={`${id}-from`} type="date" value={draft.from} max={draft.to || undefined} onChange={(event) => set('from', event.target.value)} />
        </Field>
        <Field id={`${id}-to`} label={t('admin.orders.to')}>
          <Input id={`${id}-to`} type="date" value={draft.to} min={draft.from || undefined} onChange={(event) => set('to', event.target.value)} />
        </Field>
        <Field id={`${id}-country`} label={t('admin.orders.country')}>
          <NativeSelect id={`${id}-country`} value={draft.country} onChange={(event) => set('country', event.target.value)}>
            <option value="">{t('admin.orders.anyCountry')}</option>
            {countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-provider`} label={t('admin.orders.provider')}>
          <NativeSelect
            id={`${id}-provider`}
            value={draft.provider}
            onChange={(event) => set('provider', event.target.value as OrderFilters['provider'])}
          >
            <option value="">{t('admin.orders.anyProvider')}</option>
            {PAYMENT_PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {t(`admin.provider.${provider}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-operator`} label={t('admin.orders.operator')}>
          <Input
            id={`${id}-operator`}
            inputMode="numeric"
            pattern="[0-9]*"
            value={draft.operator}
            onChange={(event) => set('operator', event.target.value.replace(/\D/g, ''))}
            maxLength={10}
          />
        </Field>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-2">
          <Button type="submit">{t('admin.common.apply')}</Button>
          <Button type="button" variant="ghost" onClick={() => onApply(NO_ORDER_FILTERS)}>
            {t('admin.common.clear')}
          </Button>
        </div>
      </div>
    </ListFilters>
  );
}

/**
 * Downloads the orders the page's applied search and filters select, as a CSV file the server streams (every page,
 * not only the rows loaded here). A plain link: the browser downloads it with the session's cookie.
 */
function ExportLink({ filters }: { filters: OrderFilters }) {
  const { t } = useTranslation();
  const id = useId();
  const href = `${ADMIN_ORDERS_EXPORT_PATH}${queryString(orderFiltersToQuery(filters))}`;
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <a
        href={href}
        download
        aria-describedby={`${id}-hint`}
        className="inline-flex min-h-10 items-center gap-2 rounded-lg border bg-card px-4 text-sm font-medium shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="orders-export"
      >
        <Download className="size-4" aria-hidden="true" />
        {t('admin.export.csv')}
      </a>
      <p id={`${id}-hint`} className="max-w-64 text-xs text-muted-foreground sm:text-end">
        {t('admin.export.hint')}
      </p>
    </div>
  );
}

export function OrdersPage() {
  const { t } = useTranslation();
  const [filters, applyFilters] = useUrlFilters(ORDER_FILTERS_IN_URL);
  const orders = useInfiniteQuery(ordersQueryOptions(orderFiltersToQuery(filters)));

  return (
    <AdminPageFrame title={t('admin.orders.title')} lead={t('admin.orders.lead')} aside={<ExportLink filters={filters} />}>
      <OrderFiltersForm applied={filters} onApply={applyFilters} />
      <OrdersList read={pagedList(orders, (page) => page.orders)} label={t('admin.orders.table')} empty={t('admin.orders.empty')} />
    </AdminPageFrame>
  );
}
