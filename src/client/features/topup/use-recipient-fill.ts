import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { digitsOnly, validatePhone } from '@shared/phone-rules';
import { useRecipientFillRequests, type RecipientFill } from '@/lib/recipient-fill';
import { toast } from '@/lib/toast';
import { useCountries } from './api/get-countries';
import { COUNTRY_SELECTION_TOASTS, selectCountry, type SelectedCountry } from './lib/country-selection';
import type { useTopUpFlow } from './use-top-up-flow';

/**
 * Fills the recipient step with a country and number as if the customer had picked the country and typed the
 * number, then runs `detect` as their 'Next' would (a number the rules of docs/product.md §5 refuse waits on the step
 * with its message). A country that cannot be chosen now says why, as the picker does. Requests made elsewhere
 * (lib/recipient-fill.ts) are taken once the countries are known and the flow is not restoring a top-up.
 */
export function useRecipientFill(
  restoreRecipient: ReturnType<typeof useTopUpFlow>['restoreRecipient'],
  detect: (country: SelectedCountry, phone: string) => void,
  ready: boolean,
) {
  const { t } = useTranslation();
  const { data: countries } = useCountries();
  const fill = useCallback(
    ({ countryCode, phone }: RecipientFill) => {
      if (!countries) return;
      const listed = countries.find((country) => country.iso_name.toUpperCase() === countryCode.toUpperCase());
      const selection = listed ? selectCountry(listed) : ({ ok: false, problem: 'unavailable' } as const);
      if (!selection.ok) {
        const { title, description } = COUNTRY_SELECTION_TOASTS[selection.problem];
        toast({ title: t(title), description: description && t(description), variant: 'destructive' });
        return;
      }
      const digits = digitsOnly(phone);
      restoreRecipient({ country: selection.country, phone: digits });
      if (validatePhone(digits, selection.country.code).ok) detect(selection.country, digits);
    },
    [countries, restoreRecipient, detect, t],
  );
  useRecipientFillRequests(fill, ready && countries !== undefined);
  return fill;
}
