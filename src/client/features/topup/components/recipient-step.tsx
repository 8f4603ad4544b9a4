import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@shared/api/catalog';
import { validatePhone } from '@shared/phone-rules';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useCountries } from '../api/get-countries';
import { countryEntries, countryLabel, findCountry } from '../lib/country-list';
import { COUNTRY_SELECTION_TOASTS, selectCountry, type SelectedCountry } from '../lib/country-selection';
import { useUiLanguage } from '../use-ui-language';
import { CountryPicker } from './country-picker';
import { PopularDestinations, QuickCountries } from './country-shortcuts';
import { PhoneInput } from './phone-input';

interface RecipientStepProps {
  country: SelectedCountry | null;
  phone: string;
  detecting: boolean;
  onCountrySelected(country: SelectedCountry): void;
  onCountryCleared(): void;
  onPhoneChange(phone: string): void;
  onNext(): void;
  /** Why the operator of the number could not be found, shown beside it until it changes. */
  detectionError?: string | null;
  /** A signed-in customer's saved recipients, offered before the country picker. */
  savedRecipients?: ReactNode;
}

/** Step 1: destination country and the recipient's number (docs/product.md §2 Top-up flow). */
export function RecipientStep(props: RecipientStepProps) {
  const { country, phone, detecting, onCountrySelected, onCountryCleared, onPhoneChange, onNext, detectionError, savedRecipients } = props;
  const { t } = useTranslation();
  const language = useUiLanguage();
  const countries = useCountries();
  const entries = useMemo(() => (countries.data ? countryEntries(countries.data, language) : undefined), [countries.data, language]);
  const pickerInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (detectionError) phoneInput.current?.focus();
  }, [detectionError]);
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
  const error = invalid ? t(invalid.key, invalid.params) : (detectionError ?? null);
  const canContinue = validation?.ok === true && !detecting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canContinue) onNext();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {savedRecipients}
      <CountryPicker
        entries={entries}
        status={countries.status}
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
          <Label htmlFor="recipient-phone">{t('topup.recipient.phoneLabel')}</Label>
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
                id="recipient-phone"
                ref={phoneInput}
                autoFocus
                value={phone}
                onValueChange={(digits) => {
                  setPhoneTouched(true);
                  onPhoneChange(digits);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'recipient-phone-error' : undefined}
              />
            </div>
          </div>
          <FieldError id="recipient-phone-error">{error ?? undefined}</FieldError>
          <Button type="submit" size="lg" className="mt-2" disabled={!canContinue}>
            {detecting && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
            {detecting ? t('topup.recipient.detecting') : t('topup.recipient.next')}
          </Button>
        </div>
      ) : (
        entries && <PopularDestinations entries={entries} onPick={toggle} />
      )}
    </form>
  );
}
