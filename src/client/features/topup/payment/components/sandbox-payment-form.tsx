import { useState, type ChangeEvent, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from 'radix-ui';
import type { SandboxConfirmBody, SandboxConfirmResponse } from '@shared/api/orders';
import { ACCEPTED_CARD_BRANDS } from '@shared/accepted-payments';
import { ROUTES } from '@shared/routes';
import { Icon } from '@/components/ui/icon';
import { FieldError, Input, Label } from '@/components/ui/input';
import { directionOf } from '@/i18n';
import { iconUrl } from '@/lib/icon-files';
import { cn } from '@/lib/utils';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { cardPaymentMethod, formatCardNumber, formatCvc, formatExpiry, validateCard, type CardField, type CardFields } from '../lib/card-form';
import { decidePayment } from '../lib/payment-messages';
import { useUiLanguage } from '../../use-ui-language';
import { useSavedCards } from '@/lib/saved-cards';
import { PayButtons } from './pay-buttons';
import { SaveCardCheckbox, SavedCardChoice, SavedCardForm } from './saved-card-form';
import type { PaymentFormProps } from './payment-form-props';

type Method = 'card' | 'cashapp';
type PaymentMethod = SandboxConfirmBody['paymentMethod'];

const FIELD_ORDER: CardField[] = ['number', 'expiry', 'cvc'];

const tabClass = cn(
  'flex flex-col items-start gap-1.5 rounded-lg border bg-card p-3 text-sm font-semibold text-muted-foreground transition-colors hover:bg-muted',
  'data-[state=active]:border-primary data-[state=active]:text-foreground data-[state=active]:ring-1 data-[state=active]:ring-primary',
);

/**
 * The payment form of the embedded sandbox, built to look and behave like Stripe's Payment Element: Card and Cash App
 * tabs, the card checked in the browser before it is sent, a card that asks for 3-D Secure leaving for the sandbox's
 * challenge page and Cash App for /payment-complete, as Stripe's redirects do. The server applies Stripe's test cards.
 */
export function SandboxPaymentForm(props: PaymentFormProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const [method, setMethod] = useState<Method>('card');
  const [paying, setPaying] = useState(false);
  const { intent, receiptEmail, onUnexpectedError, onEdit } = props;

  /** Sends the chosen method to the sandbox; null when the call itself failed (already reported). */
  const confirm = async (paymentMethod: PaymentMethod) => {
    onEdit();
    setPaying(true);
    try {
      return await confirmSandboxPayment(intent.paymentIntentId, {
        clientSecret: intent.clientSecret,
        paymentMethod,
        ...(receiptEmail ? { receiptEmail } : {}),
      });
    } catch (error) {
      onUnexpectedError(error);
      return null;
    } finally {
      setPaying(false);
    }
  };

  return (
    <Tabs.Root value={method} onValueChange={(value) => setMethod(value as Method)} dir={directionOf(language)} className="flex flex-col gap-4">
      <Tabs.List aria-label={t('payment.method')} className="grid grid-cols-2 gap-3">
        <Tabs.Trigger value="card" className={tabClass}>
          <Icon name="credit-card" className="size-5" />
          {t('payment.card.tab')}
        </Tabs.Trigger>
        <Tabs.Trigger value="cashapp" className={tabClass}>
          <img src={iconUrl('cashapp')} alt="" width={20} height={20} />
          {t('footer.payments.cashapp')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="card" className="rounded-md">
        <CardTab {...props} paying={paying} confirm={confirm} />
      </Tabs.Content>
      <Tabs.Content value="cashapp" className="rounded-md">
        <CashAppForm {...props} paying={paying} confirm={confirm} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

interface MethodFormProps extends PaymentFormProps {
  paying: boolean;
  confirm(paymentMethod: PaymentMethod): Promise<SandboxConfirmResponse | null>;
}

/** The card tab: the customer's saved cards to choose from (the latest first, chosen), or a new card (ADR 063). */
function CardTab(props: MethodFormProps) {
  const cards = useSavedCards(props.choosePaymentMethod ? props.userId : undefined).data ?? [];
  const [selected, setSelected] = useState<string | null>(null);
  const current = selected ?? cards[0]?.id ?? 'new';
  const card = cards.find((candidate) => candidate.id === current);
  return (
    <div className="flex flex-col gap-4">
      {cards.length > 0 && (
        <SavedCardChoice
          cards={cards}
          selected={current}
          disabled={props.locked || props.paying}
          onSelect={(id) => {
            props.onEdit();
            setSelected(id);
          }}
        />
      )}
      {card ? <SavedCardForm key={card.id} {...props} card={card} /> : <CardForm {...props} hasSavedCards={cards.length > 0} />}
    </div>
  );
}

interface CardInputProps extends ComponentProps<'input'> {
  field: CardField;
  label: string;
  /** Translation key of the field's problem, once the payer has left the field or pressed Pay. */
  error: string | undefined;
  children?: ReactNode;
}

/** One card field, left to right in every language as a card is printed, with its label and message. */
function CardInput({ field, label, error, children, ...props }: CardInputProps) {
  const { t } = useTranslation();
  const id = `card-${field}`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative" dir="ltr">
        <Input id={id} name={id} inputMode="numeric" aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} {...props} />
        {children}
      </div>
      <FieldError id={`${id}-error`}>{error && t(error)}</FieldError>
    </div>
  );
}

/** Where a card that asks for 3-D Secure sends the payer: the sandbox's challenge page, in the form's language. */
function challengeAddress(answer: SandboxConfirmResponse, language: string): string | null {
  const url = 'paymentIntent' in answer ? answer.paymentIntent.next_action?.redirect_to_url.url : undefined;
  return url ? `${url}&lang=${encodeURIComponent(language)}` : null;
}

function CardForm({
  payLabel,
  locked,
  errorKey,
  onAttempt,
  onEdit,
  onCancel,
  onUnexpectedError,
  paying,
  confirm,
  choosePaymentMethod,
  hasSavedCards,
}: MethodFormProps & { hasSavedCards: boolean }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const [leaving, setLeaving] = useState(false);
  const [saveCard, setSaveCard] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const errors = validateCard(fields, new Date());

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ number: true, expiry: true, cvc: true });
    const firstInvalid = FIELD_ORDER.find((name) => errors[name]);
    if (firstInvalid) {
      const input = event.currentTarget.elements.namedItem(`card-${firstInvalid}`);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    // The checkout learns to keep this card, or that it no longer pays with a saved one chosen before.
    if (choosePaymentMethod && (saveCard || hasSavedCards)) {
      onEdit();
      setPreparing(true);
      try {
        await choosePaymentMethod({ saveCard });
      } catch (failure) {
        onUnexpectedError(failure);
        return;
      } finally {
        setPreparing(false);
      }
    }
    const answer = await confirm(cardPaymentMethod(fields));
    if (!answer) return;
    // As Stripe.js does for 3-D Secure: the challenge, then back to /payment-complete.
    const challenge = challengeAddress(answer, language);
    if (challenge) {
      setLeaving(true);
      window.location.assign(challenge);
      return;
    }
    onAttempt(answer);
  };

  const bind = (name: CardField, format: (text: string) => string) => ({
    field: name,
    error: touched[name] ? errors[name] : undefined,
    value: fields[name],
    disabled: locked || leaving,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onEdit();
      setFields((current) => ({ ...current, [name]: format(event.target.value) }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <CardInput
        {...bind('number', formatCardNumber)}
        label={t('payment.card.number')}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        className="pe-32"
      >
        <span className="pointer-events-none absolute inset-y-0 end-3 flex items-center gap-1">
          {ACCEPTED_CARD_BRANDS.map((brand) => (
            <img key={brand} src={iconUrl(brand)} alt="" width={24} height={16} className="h-4 w-6 rounded-sm bg-white ring-1 ring-border" />
          ))}
        </span>
      </CardInput>
      <div className="grid grid-cols-2 gap-3">
        <CardInput
          {...bind('expiry', formatExpiry)}
          label={t('payment.card.expiry')}
          autoComplete="cc-exp"
          placeholder={t('payment.card.expiryPlaceholder')}
        />
        <CardInput {...bind('cvc', formatCvc)} label={t('payment.card.cvc')} autoComplete="cc-csc" placeholder="123" />
      </div>
      {choosePaymentMethod && <SaveCardCheckbox checked={saveCard} onChange={setSaveCard} disabled={locked || leaving || paying} />}
      <PayButtons payLabel={payLabel} paying={paying || leaving || preparing} locked={locked} errorKey={errorKey} onCancel={onCancel} />
    </form>
  );
}

/** Where Stripe sends the browser back after Cash App, with the same query parameters. */
function returnAddress(paymentIntentId: string, clientSecret: string, succeeded: boolean): string {
  const query = new URLSearchParams({
    payment_intent: paymentIntentId,
    payment_intent_client_secret: clientSecret,
    redirect_status: succeeded ? 'succeeded' : 'failed',
  });
  return `${ROUTES.paymentComplete}?${query.toString()}`;
}

function CashAppForm({ intent, payLabel, locked, errorKey, onEdit, onCancel, paying, confirm }: MethodFormProps) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<'approve' | 'decline'>('approve');
  const [leaving, setLeaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await confirm({ type: 'cashapp', outcome });
    if (!answer) return;
    setLeaving(true);
    const succeeded = decidePayment(answer).kind === 'authorised';
    window.location.assign(returnAddress(intent.paymentIntentId, intent.clientSecret, succeeded));
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('payment.cashapp.description')}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('payment.cashapp.testOutcome')}</legend>
        {(['approve', 'decline'] as const).map((choice) => (
          <label key={choice} className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary">
            <input
              type="radio"
              name="cashapp-outcome"
              value={choice}
              checked={outcome === choice}
              onChange={() => {
                onEdit();
                setOutcome(choice);
              }}
              disabled={locked || leaving}
              className="size-4 accent-primary"
            />
            {t(`payment.cashapp.${choice}`)}
          </label>
        ))}
      </fieldset>
      <PayButtons payLabel={payLabel} paying={paying || leaving} locked={locked} errorKey={errorKey} onCancel={onCancel} />
    </form>
  );
}
