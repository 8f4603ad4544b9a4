import type { OperatorDirectory, ProviderOperator } from '../topups/provider';

/** How long a country's operator list is kept: Reloadly's list changes rarely, and every checkout and picker reads it. */
export const OPERATOR_LIST_CACHE_MS = 10 * 60 * 1000;

/**
 * A provider's answer per country kept for `keepMs`: one call is shared by every caller waiting for the same country,
 * and a failed call is not kept.
 */
export function keptPerCountry<T>(
  load: (countryIso: string) => Promise<T>,
  { now = Date.now, keepMs }: { now?: () => number; keepMs: number },
): { get(countryIso: string): Promise<T>; drop(): void } {
  const kept = new Map<string, { at: number; answer: Promise<T> }>();
  return {
    get(countryIso) {
      const key = countryIso.toUpperCase();
      const entry = kept.get(key);
      if (entry && now() - entry.at < keepMs) return entry.answer;
      const answer = load(countryIso);
      kept.set(key, { at: now(), answer });
      answer.catch(() => {
        if (kept.get(key)?.answer === answer) kept.delete(key);
      });
      return answer;
    },
    drop: () => kept.clear(),
  };
}

/** The provider's operator lists kept per country for OPERATOR_LIST_CACHE_MS (detection is not kept: it is about one number). */
export function cachedOperatorLists(
  provider: OperatorDirectory,
  { now = Date.now }: { now?: () => number } = {},
): OperatorDirectory & { drop(): void } {
  const lists = keptPerCountry<ProviderOperator[]>((countryIso) => provider.operatorsByCountry(countryIso), { now, keepMs: OPERATOR_LIST_CACHE_MS });
  return {
    detectOperator: (phone, countryIso) => provider.detectOperator(phone, countryIso),
    operatorsByCountry: (countryIso) => lists.get(countryIso),
    drop: lists.drop,
  };
}
