import { useDeferredValue, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@shared/api/catalog';
import { validatePhone } from '@shared/phone-rules';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { whenIdle } from '@/lib/idle';
import { toast } from '@/lib/toast';
import { useCountries } from '../api/get-countries';
import { countryCollator, countryEntries, countryLabel, findCountry } from '../lib/country-list';
import { COUNTRY_SELECTION_TOASTS, selectCountry, type SelectedCountry } from '../lib/country-selection';
import { useUiLanguage } from '../use-ui-language';
import { CountryPicker } from './country-picker';
import { PopularDestinations, QuickCountries } from './country-shortcuts';
import { PhoneInput } from './phone-input';

interface RecipientFieldsProps {
  /** The id of the number's field; its rule's message is `<id>-error`. */
  phoneId: string;
  phoneLabel: string;
  country: SelectedCountry | null;
  phone: string;
  onCountrySelected(country: SelectedCountry): void;
  onCountryCleared(): void;
  onPhoneChange(phone: string): void;
  /** A message about the number from elsewhere (a failed detection, the server's refusal), shown under it. */
  otherError?: string | null;
  phoneRef?: Ref<HTMLInputElement>;
  autoFocusPhone?: boolean;
  /** The popular destinations while no country is chosen (the top-up flow's first screen). */
  showPopular?: boolean;
}

/**
 * A country and a national number (docs/product.md §2 country picker, §5 phone rules): the picker and its quick picks,
 * then the flag, the calling code and the number. Used by the recipient step and the request-a-top-up form.
 */
export function RecipientFields(props: RecipientFieldsProps) {
  const {
    phoneId,
    phoneLabel,
    country,
    phone,
    onCountrySelected,
    onCountryCleared,
    onPhoneChange,
    otherError,
    phoneRef,
    autoFocusPhone,
    showPopular,
  } = props;
  const { t } = useTranslation();
  const language = useUiLanguage();
  const countries = useCountries();
  // The list is named, sorted and drawn in a render of its own that gives way to the reader (a deferred value), with
  // its collator made beforehand while the browser is idle: neither is a long task when the list arrives (ADR 043).
  const listed = useDeferredValue(countries.data);
  const entries = useMemo(() => (listed ? countryEntries(listed, language) : undefined), [listed, language]);
  useEffect(() => whenIdle(() => countryCollator(language)), [language]);
  const pickerInput = useRef<HTMLInputElement>(null);
  const [phoneTouched, setPhoneTouched] = useState(false);

  const pick = (picked: Country | undefined) => {
    const selection = picked ? selectCountry(picked) : ({ ok: false, problem: 'unavailable' } as const);
    if (selection.ok) {
      onCountrySelected(selection.country);
      return;
    }
    const { title, description } = COUNTRY_SELECTION_TOASTS[selection.problem];
    toast({ title: t(title), description: description && t(description), variant: 'destructive' });
  };
  const toggle = (code: string) => {
    if (country?.code === code) onCountryCleared();
    else pick(findCountry(countries.data ?? [], code));
  };

  const validation = country ? validatePhone(phone, country.code) : null;
  const invalid = phoneTouched && validation && !validation.ok ? validation.error : null;
  const error = invalid ? t(invalid.key, invalid.params) : (otherError ?? null);
  const errorId = `${phoneId}-error`;

  return (
    <>
      <CountryPicker
        entries={entries}
        status={countries.status === 'success' && !entries ? 'pending' : countries.status}
        onRetry={() => void countries.refetch()}
        selectedLabel={country ? countryLabel(country.code, country.name, language) : null}
        selectedFlag={country?.flag ?? null}
        onPick={pick}
        onClear={onCountryCleared}
        inputRef={pickerInput}
      />
      <QuickCountries selectedCode={country?.code ?? null} onToggle={toggle} disabled={!countries.data} />

      {country ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={phoneId}>{phoneLabel}</Label>
          <div dir="ltr" className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="shrink-0"
              aria-label={t('topup.country.change', { name: countryLabel(country.code, country.name, language) })}
              onClick={() => {
                onCountryCleared();
                pickerInput.current?.focus();
              }}
            >
              <img src={country.flag} alt="" width={24} height={18} className="h-[18px] w-6 rounded-sm object-cover" />
            </Button>
            <div className="w-20 shrink-0">
              <Input readOnly tabIndex={-1} value={country.phoneCode} aria-label={t('topup.recipient.phoneCode')} className="bg-muted text-center" />
            </div>
            <div className="min-w-0 flex-1">
              <PhoneInput
                id={phoneId}
                ref={phoneRef}
                autoFocus={autoFocusPhone}
                value={phone}
                onValueChange={(digits) => {
                  setPhoneTouched(true);
                  onPhoneChange(digits);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            </div>
          </div>
          <FieldError id={errorId}>{error ?? undefined}</FieldError>
        </div>
      ) : (
        showPopular && countries.status !== 'error' && <PopularDestinations entries={entries} onPick={toggle} />
      )}
    </>
  );
}
