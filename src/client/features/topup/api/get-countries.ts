export { countriesQueryOptions, getCountries, useCountries } from '@/lib/countries';
