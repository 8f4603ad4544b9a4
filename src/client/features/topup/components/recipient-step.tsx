import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { validatePhone } from '@shared/phone-rules';
import { Button } from '@/components/ui/button';
import type { SelectedCountry } from '../lib/country-selection';
import { RecipientFields } from './recipient-fields';

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
  const phoneInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (detectionError) phoneInput.current?.focus();
  }, [detectionError]);

  const canContinue = country !== null && validatePhone(phone, country.code).ok && !detecting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canContinue) onNext();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {savedRecipients}
      <RecipientFields
        phoneId="recipient-phone"
        phoneLabel={t('topup.recipient.phoneLabel')}
        country={country}
        phone={phone}
        onCountrySelected={onCountrySelected}
        onCountryCleared={onCountryCleared}
        onPhoneChange={onPhoneChange}
        otherError={detectionError}
        phoneRef={phoneInput}
        autoFocusPhone
        showPopular
      />
      {country && (
        <Button type="submit" size="lg" disabled={!canContinue}>
          {detecting && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
          {detecting ? t('topup.recipient.detecting') : t('topup.recipient.next')}
        </Button>
      )}
    </form>
  );
}
