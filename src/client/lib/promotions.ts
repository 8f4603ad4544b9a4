import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorPromotion, PromotionListResponse } from '@shared/api/promotions';
import type { Language } from '@shared/constants';
import { runningPromotions } from '@shared/promotions';
import { apiRequest } from './api-client';
import { intlLocale } from './local-format';

/** GET /api/promotions/:countryIsoCode: the operators' promotions running now in a country (ADR 069). */
export async function getPromotions(countryCode: string): Promise<OperatorPromotion[]> {
  return (await apiRequest<PromotionListResponse>(`/api/promotions/${encodeURIComponent(countryCode)}`)).promotions;
}

/** Asked once a few minutes per country; a refusal (a country switched off) or a failure shows no promotion. */
export const promotionsQueryOptions = (countryCode: string) =>
  queryOptions({
    queryKey: ['promotions', countryCode.toUpperCase()],
    queryFn: () => getPromotions(countryCode),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

/** A country's promotions running now by this browser's clock too: one kept past its end is no longer shown. */
export function useRunningPromotions(countryCode: string | undefined): OperatorPromotion[] {
  const { data } = useQuery({ ...promotionsQueryOptions(countryCode ?? ''), enabled: Boolean(countryCode) });
  return data ? runningPromotions(data, new Date()) : [];
}

/** A promotion's start or end in the reader's language and time zone: "Nov 21, 2026, 1:00 AM". */
export function formatPromotionDate(iso: string, language: Language, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}
