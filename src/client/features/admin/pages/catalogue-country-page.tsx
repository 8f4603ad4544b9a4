import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Ban, CircleCheck, CircleOff } from 'lucide-react';
import { ADMIN_REASON_MAX_LENGTH } from '@shared/api/admin';
import type { AdminCatalogueCountry, AdminCatalogueCountryResponse, CatalogueSwitchAction } from '@shared/api/admin-catalogue';
import { DescriptionRow } from '@/components/ui/description-row';
import { ADMIN_PATHS } from '../admin-paths';
import { catalogueCountryQueryOptions, switchCountry } from '../api/catalogue';
import { ActionPanel, type ActionLook } from '../components/action-panel';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { CatalogueStatusBadge, CountryFlag } from '../components/catalogue-status';
import { NotFoundNotice } from '../components/not-found-notice';
import { linkClass } from '../components/link-class';
import { Loaded } from '../components/query-state';
import { useCountryName, useUpdatePage } from '../components/catalogue/country-page-data';
import { OperatorsSection } from '../components/catalogue/operators-section';
import { countryName, formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/use-language';

/** What the country's switch can do now: a blocked country is never enabled here (the server refuses it too). */
function countryActionsFor(country: AdminCatalogueCountry): CatalogueSwitchAction[] {
  if (country.blocked) return country.enabled ? ['disable'] : [];
  return [country.enabled ? 'disable' : 'enable'];
}

function CountrySwitch({ country }: { country: AdminCatalogueCountry }) {
  const { t } = useTranslation();
  const name = useCountryName(country);
  const updatePage = useUpdatePage(country.isoName);
  const look = (action: CatalogueSwitchAction): ActionLook => ({
    label: t(`admin.catalogue.countryAction.${action}`),
    icon: action === 'enable' ? CircleCheck : CircleOff,
    destructive: action === 'disable',
    dialogTitle: t(`admin.catalogue.countryAction.${action}Title`, { country: name }),
    dialogBody: t(`admin.catalogue.countryAction.${action}Body`),
    doneText: t(`admin.catalogue.countryAction.${action}Done`, { country: name }),
  });
  return (
    <ActionPanel
      title={t('admin.catalogue.country.switch')}
      id="catalogue-country-switch"
      actions={countryActionsFor(country)}
      look={look}
      run={(action, reason) => switchCountry(country.isoName, action, reason)}
      onDone={(answer) => updatePage((page) => ({ ...page, country: answer.country }))}
      noActions={t('admin.catalogue.country.blockedNoActions')}
      reasonHint={t('admin.catalogue.reasonHint', { max: ADMIN_REASON_MAX_LENGTH })}
    >
      {country.blocked && (
        <div className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm" data-testid="catalogue-blocked-notice">
          <p className="flex items-center gap-2 font-semibold text-destructive">
            <Ban className="size-4" aria-hidden="true" />
            {t('admin.catalogue.country.blockedTitle')}
          </p>
          <p>{t('admin.catalogue.country.blockedBody')}</p>
        </div>
      )}
    </ActionPanel>
  );
}

function CountryFacts({ country }: { country: AdminCatalogueCountry }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <AdminSection title={t('admin.catalogue.country.facts')} id="catalogue-country-facts">
      <dl className="text-sm">
        <DescriptionRow label={t('admin.catalogue.country.status')} testId="catalogue-country-status">
          <CatalogueStatusBadge status={country.status} />
        </DescriptionRow>
        {country.disabledReason && (
          <DescriptionRow label={t('admin.catalogue.country.disabledReason')} testId="catalogue-country-reason">
            <span dir="auto">{country.disabledReason}</span>
          </DescriptionRow>
        )}
        {country.disabledAt && (
          <DescriptionRow label={t('admin.catalogue.country.disabledAt')} testId="catalogue-country-disabled-at">
            {formatDateTime(country.disabledAt, language)}
          </DescriptionRow>
        )}
        <DescriptionRow label={t('admin.catalogue.country.name')} testId="catalogue-country-name">
          {country.name}
        </DescriptionRow>
        <DescriptionRow label={t('admin.catalogue.country.code')} testId="catalogue-country-code" code>
          {country.isoName}
        </DescriptionRow>
        <DescriptionRow label={t('admin.catalogue.country.callingCode')} testId="catalogue-country-calling-code" ltr>
          {country.callingCodes.length ? country.callingCodes.map((code) => `+${code}`).join(', ') : t('admin.common.none')}
        </DescriptionRow>
        <DescriptionRow label={t('admin.catalogue.country.currency')} testId="catalogue-country-currency" code>
          {country.currencyCode}
        </DescriptionRow>
      </dl>
    </AdminSection>
  );
}

function CountryDetail({ page }: { page: AdminCatalogueCountryResponse }) {
  return (
    <>
      <CountrySwitch country={page.country} />
      <CountryFacts country={page.country} />
      <OperatorsSection page={page} />
    </>
  );
}

/** One destination: its switch (with the blocked list's word on it), its facts, and the provider's operators there. */
export function CatalogueCountryPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { iso = '' } = useParams();
  const detail = useQuery(catalogueCountryQueryOptions(iso));
  const country = detail.data?.country;
  return (
    <AdminPageFrame
      title={
        country ? (
          <span className="inline-flex items-center gap-3">
            <CountryFlag iso={country.isoName} className="h-6 w-8" />
            {countryName(country.isoName, language)}
          </span>
        ) : (
          t('admin.catalogue.country.title')
        )
      }
      lead={
        <Link to={ADMIN_PATHS.catalogue} className={linkClass}>
          {t('admin.catalogue.country.backToCatalogue')}
        </Link>
      }
      aside={country && <CatalogueStatusBadge status={country.status} testId="catalogue-country-badge" />}
    >
      <Loaded
        query={detail}
        notFound={
          <NotFoundNotice
            message={t('admin.catalogue.country.notFound')}
            backTo={ADMIN_PATHS.catalogue}
            backLabel={t('admin.catalogue.country.backToCatalogue')}
          />
        }
      >
        {(data) => <CountryDetail page={data} />}
      </Loaded>
    </AdminPageFrame>
  );
}
