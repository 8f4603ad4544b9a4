import type { OperatorDirectory, ProviderOperator } from '../topups/provider';

/** How long a country's operator list is kept: Reloadly's list changes rarely, and every checkout and picker reads it. */
export const OPERATOR_LIST_CACHE_MS = 10 * 60 * 1000;

/**
 * The provider's operator lists kept per country for OPERATOR_LIST_CACHE_MS (detection is not kept: it is about one
 * number). One call is shared by every caller waiting for the same country; a failed call is not kept.
 */
export function cachedOperatorLists(
  provider: OperatorDirectory,
  { now = Date.now }: { now?: () => number } = {},
): OperatorDirectory & { drop(): void } {
  const lists = new Map<string, { at: number; list: Promise<ProviderOperator[]> }>();
  return {
    detectOperator: (phone, countryIso) => provider.detectOperator(phone, countryIso),
    operatorsByCountry(countryIso) {
      const key = countryIso.toUpperCase();
      const kept = lists.get(key);
      if (kept && now() - kept.at < OPERATOR_LIST_CACHE_MS) return kept.list;
      const list = provider.operatorsByCountry(countryIso);
      lists.set(key, { at: now(), list });
      list.catch(() => {
        if (lists.get(key)?.list === list) lists.delete(key);
      });
      return list;
    },
    drop: () => lists.clear(),
  };
}
