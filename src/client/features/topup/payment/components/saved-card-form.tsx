import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SandboxConfirmBody, SandboxConfirmResponse } from '@shared/api/orders';
import { FieldError, Input, Label } from '@/components/ui/input';
import { hasIcon, iconUrl } from '@/lib/icon-files';
import { savedCardExpiry, savedCardLabel, type SavedCardView } from '@/lib/saved-cards';
import { formatCvc } from '../lib/card-form';
import { PayButtons } from './pay-buttons';
import type { PaymentFormProps } from './payment-form-props';

/** The choice above the card form: one of the customer's saved cards, or a new card. */
export function SavedCardChoice({
  cards,
  selected,
  onSelect,
  disabled,
}: {
  cards: SavedCardView[];
  selected: string;
  onSelect(id: string): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const option =
    'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary';
  return (
    <fieldset className="flex flex-col gap-2" data-testid="saved-card-choice">
      <legend className="mb-2 text-sm font-medium">{t('payment.savedCards.title')}</legend>
      {cards.map((card) => (
        <label key={card.id} className={option}>
          <input
            type="radio"
            name="saved-card"
            value={card.id}
            checked={selected === card.id}
            onChange={() => onSelect(card.id)}
            disabled={disabled}
            className="size-4 accent-primary"
          />
          <img
            src={iconUrl(hasIcon(card.brand) ? card.brand : 'credit-card')}
            alt=""
            width={24}
            height={16}
            className="h-4 w-6 rounded-sm bg-white ring-1 ring-border"
          />
          <span className="flex flex-1 flex-wrap justify-between gap-x-3">
            <bdi dir="ltr">{savedCardLabel(card, t, 'payment.savedCards.card')}</bdi>
            <span className="text-muted-foreground">{t('payment.savedCards.expires', { date: savedCardExpiry(card) })}</span>
          </span>
        </label>
      ))}
      <label className={option}>
        <input
          type="radio"
          name="saved-card"
          value="new"
          checked={selected === 'new'}
          onChange={() => onSelect('new')}
          disabled={disabled}
          className="size-4 accent-primary"
        />
        {t('payment.savedCards.newCard')}
      </label>
    </fieldset>
  );
}

interface SavedCardFormProps extends PaymentFormProps {
  card: SavedCardView;
  paying: boolean;
  confirm(paymentMethod: SandboxConfirmBody['paymentMethod']): Promise<SandboxConfirmResponse | null>;
}

/**
 * Paying with a saved card in the sandbox (ADR 063): the checkout is told which card, then the card is confirmed with
 * its security code, typed again (the card's number was never kept, and the code never is).
 */
export function SavedCardForm({
  card,
  payLabel,
  locked,
  errorKey,
  onAttempt,
  onEdit,
  onCancel,
  onUnexpectedError,
  choosePaymentMethod,
  paying,
  confirm,
}: SavedCardFormProps) {
  const { t } = useTranslation();
  const [cvc, setCvc] = useState('');
  const [touched, setTouched] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const length = card.brand === 'amex' ? 4 : 3;
  const error = cvc.length === length ? undefined : 'payment.card.errors.cvcIncomplete';
  const label = savedCardLabel(card, t, 'payment.savedCards.card');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (error || !choosePaymentMethod) return;
    onEdit();
    setPreparing(true);
    let paymentMethodId: string | undefined;
    try {
      paymentMethodId = (await choosePaymentMethod({ savedCardId: card.id })).paymentMethodId;
    } catch (failure) {
      onUnexpectedError(failure);
      return;
    } finally {
      setPreparing(false);
    }
    if (!paymentMethodId) return;
    const answer = await confirm({ type: 'saved_card', paymentMethodId, cvc });
    if (answer) onAttempt(answer);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="saved-card-cvc">{t('payment.savedCards.cvcFor', { card: label })}</Label>
        <div dir="ltr" className="max-w-40">
          <Input
            id="saved-card-cvc"
            name="saved-card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={length === 4 ? '1234' : '123'}
            value={cvc}
            disabled={locked}
            aria-invalid={touched && Boolean(error)}
            aria-describedby={touched && error ? 'saved-card-cvc-error' : undefined}
            onChange={(event) => {
              onEdit();
              setCvc(formatCvc(event.target.value).slice(0, length));
            }}
            onBlur={() => setTouched(true)}
          />
        </div>
        <FieldError id="saved-card-cvc-error">{touched && error ? t(error) : undefined}</FieldError>
      </div>
      <PayButtons payLabel={payLabel} paying={paying || preparing} locked={locked} errorKey={errorKey} onCancel={onCancel} />
    </form>
  );
}

/** "Save this card for next time", under a new card's fields. */
export function SaveCardCheckbox({ checked, onChange, disabled }: { checked: boolean; onChange(checked: boolean): void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <label className="flex cursor-pointer items-start gap-3 text-sm">
      <input
        type="checkbox"
        name="save-card"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        disabled={disabled}
        aria-describedby="save-card-hint"
        className="mt-0.5 size-4 accent-primary"
      />
      <span className="flex flex-col gap-0.5">
        <span className="font-medium">{t('payment.savedCards.save')}</span>
        <span id="save-card-hint" className="text-xs text-muted-foreground">
          {t('payment.savedCards.saveHint')}
        </span>
      </span>
    </label>
  );
}
