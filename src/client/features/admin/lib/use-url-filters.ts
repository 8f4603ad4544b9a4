import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** How a list's filters are carried in the URL's search params: read (what a hand-edited URL gets wrong left out), written. */
export interface FiltersInUrl<Filters> {
  fromParams(params: URLSearchParams): Filters;
  toParams(filters: Filters): URLSearchParams;
}

/**
 * A list's filters as the URL applies them, and applying new ones (which writes the URL): a filtered list can be
 * shared and survives a reload, and the back button goes back to the filters before.
 */
export function useUrlFilters<Filters>({ fromParams, toParams }: FiltersInUrl<Filters>): [Filters, (next: Filters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => fromParams(params), [fromParams, params]);
  return [filters, (next) => setParams(toParams(next))];
}
