import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import {
  CATALOGUE_COUNTRY_STATUSES,
  type AdminCatalogueCountriesResponse,
  type AdminCatalogueCountry,
  type CatalogueCountryStatus,
} from '@shared/api/admin-catalogue';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { catalogueCountryPath } from '../admin-paths';
import { catalogueCountriesQueryOptions } from '../api/catalogue';
import { AdminList, ListFilters, wholeList } from '../components/admin-list';
import { AdminPageFrame } from '../components/admin-page-frame';
import { CatalogueStatusBadge, CountryFlag } from '../components/catalogue-status';
import { Field } from '../components/field';
import { linkClass } from '../components/link-class';
import { Td, Tr } from '../components/table';
import { countryName, formatDateTime } from '../lib/format';
import { readChoice, readText, writeParams } from '../lib/search-params';
import { useDraft } from '../lib/use-draft';
import { useLanguage } from '../lib/use-language';
import { useUrlFilters, type FiltersInUrl } from '../lib/use-url-filters';

interface CountryFilters {
  q: string;
  status: CatalogueCountryStatus | '';
}

/** The catalogue's search box and status filter, as the URL carries them (`?q=…&status=disabled`). */
const COUNTRY_FILTERS_IN_URL: FiltersInUrl<CountryFilters> = {
  fromParams: (params) => ({ q: readText(params, 'q').slice(0, 100), status: readChoice(params, 'status', CATALOGUE_COUNTRY_STATUSES) }),
  toParams: ({ q, status }) => writeParams({ q, status }),
};

/** The search and the status filter; like every filter of the console, they go to the URL when applied. */
function CountrySearch({ applied, onApply }: { applied: CountryFilters; onApply: (filters: CountryFilters) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useDraft(applied, `${applied.q}\u0000${applied.status}`);
  return (
    <ListFilters
      label={t('admin.catalogue.search')}
      onApply={() => onApply(draft)}
      className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start"
    >
      <Field id={`${id}-q`} label={t('admin.catalogue.searchLabel')} hint={t('admin.catalogue.searchHint')}>
        <Input
          id={`${id}-q`}
          type="search"
          value={draft.q}
          onChange={(event) => setDraft((current) => ({ ...current, q: event.target.value }))}
          maxLength={100}
          aria-describedby={`${id}-q-hint`}
          data-testid="catalogue-search"
        />
      </Field>
      <Field id={`${id}-status`} label={t('admin.catalogue.status')}>
        <NativeSelect
          id={`${id}-status`}
          value={draft.status}
          onChange={(event) => setDraft((current) => ({ ...current, status: event.target.value as CountryFilters['status'] }))}
          data-testid="catalogue-status-filter"
        >
          <option value="">{t('admin.catalogue.anyStatus')}</option>
          {CATALOGUE_COUNTRY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`admin.catalogue.statuses.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="flex flex-wrap gap-2 sm:mt-6">
        <Button type="submit">
          <Search aria-hidden="true" />
          {t('admin.common.apply')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onApply({ q: '', status: '' })}>
          {t('admin.common.clear')}
        </Button>
      </div>
    </ListFilters>
  );
}

/** How many destinations are in each status, whatever the filters. */
function StatusCounts({ counts }: { counts: AdminCatalogueCountriesResponse['counts'] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <h2 className="sr-only">{t('admin.catalogue.counts')}</h2>
      <dl className="flex flex-wrap gap-3" data-testid="catalogue-counts">
        {CATALOGUE_COUNTRY_STATUSES.map((status) => (
          <div key={status} className="flex items-center gap-2 rounded-xl border bg-card px-3 py-2">
            <dt>
              <CatalogueStatusBadge status={status} testId={`catalogue-count-${status}`} />
            </dt>
            <dd className="text-lg font-bold tabular-nums" data-testid={`catalogue-count-${status}-value`}>
              {counts[status]}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function CountryRow({ country }: { country: AdminCatalogueCountry }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Tr data-testid="catalogue-row" data-iso={country.isoName} data-status={country.status}>
      <Td>
        <Link to={catalogueCountryPath(country.isoName)} className={`${linkClass} inline-flex items-center gap-2`}>
          <CountryFlag iso={country.isoName} />
          <span>{countryName(country.isoName, language)}</span>
        </Link>
      </Td>
      <Td className="font-mono text-xs">{country.isoName}</Td>
      <Td dir="ltr" className="text-start tabular-nums">
        {country.callingCodes[0] ? `+${country.callingCodes[0]}` : t('admin.common.none')}
      </Td>
      <Td className="font-mono text-xs">{country.currencyCode}</Td>
      <Td className="max-w-72">
        <CatalogueStatusBadge status={country.status} />
        {country.status === 'disabled' && country.disabledReason && (
          <span className="mt-1 block text-xs break-words text-muted-foreground" data-testid="catalogue-row-reason">
            <span dir="auto">{country.disabledReason}</span>
            {country.disabledAt && <> · {t('admin.catalogue.since', { date: formatDateTime(country.disabledAt, language) })}</>}
          </span>
        )}
      </Td>
    </Tr>
  );
}

/** Every destination with its status (enabled, disabled with the reason, blocked), found by name or code. */
export function CataloguePage() {
  const { t } = useTranslation();
  const [filters, applyFilters] = useUrlFilters(COUNTRY_FILTERS_IN_URL);
  const countries = useQuery(catalogueCountriesQueryOptions({ q: filters.q || undefined, status: filters.status || undefined }));
  const provider = countries.data?.provider;

  return (
    <AdminPageFrame
      title={t('admin.catalogue.title')}
      lead={provider ? t('admin.catalogue.lead', { provider: t(`admin.catalogue.provider.${provider}`) }) : t('admin.catalogue.leadShort')}
    >
      <CountrySearch applied={filters} onApply={applyFilters} />
      <AdminList
        read={wholeList(countries, (data) => data.countries)}
        above={countries.data && <StatusCounts counts={countries.data.counts} />}
        label={t('admin.catalogue.table')}
        columns={[
          { label: t('admin.catalogue.columns.country') },
          { label: t('admin.catalogue.columns.code') },
          { label: t('admin.catalogue.columns.callingCode') },
          { label: t('admin.catalogue.columns.currency') },
          { label: t('admin.catalogue.columns.status') },
        ]}
        minWidth="min-w-[44rem]"
        testId="catalogue-table"
        empty={t('admin.catalogue.empty')}
        rowKey={(country) => country.isoName}
        row={(country) => <CountryRow country={country} />}
        counted
      />
    </AdminPageFrame>
  );
}
