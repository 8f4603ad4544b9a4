import { useQueryClient } from '@tanstack/react-query';
import type { AdminCatalogueCountry, AdminCatalogueCountryResponse } from '@shared/api/admin-catalogue';
import { catalogueCountryQueryOptions } from '../../api/catalogue';
import { countryName } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';

/** What a destination's page and its parts share: the country's name, and its data once a switch has answered. */

export function useCountryName(country: Pick<AdminCatalogueCountry, 'isoName'>) {
  return countryName(country.isoName, useLanguage());
}

/** Writes a switch's answer into the page's data, so it shows at once while everything is read again. */
export function useUpdatePage(iso: string) {
  const queryClient = useQueryClient();
  return (update: (page: AdminCatalogueCountryResponse) => AdminCatalogueCountryResponse) =>
    queryClient.setQueryData(catalogueCountryQueryOptions(iso).queryKey, (current) => current && update(current));
}
