import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTO_TOPUP_INTERVALS, type AutoTopupView } from '@shared/api/auto-topups';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label, NativeSelect } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useAutoTopupChange } from '@/lib/auto-topups';
import { savedCardLabel, useSavedCards } from '@/lib/saved-cards';
import { useSavedRecipients } from '@/lib/saved-recipients';
import { toast } from '@/lib/toast';
import { describeRecipient } from '@/components/recipient-summary';
import { useLanguage } from '../history/use-language';

type Field = 'recipientId' | 'amount' | 'intervalDays' | 'savedCardId' | 'firstChargeAt';

/** A moment as a datetime-local input holds it, in the browser's time zone: 2026-11-24T09:00. */
function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Two days from now, on the hour: past the reminder's lead. */
const defaultFirstCharge = () => {
  const date = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  date.setMinutes(0, 0, 0);
  return localInputValue(date);
};

export interface AutoTopupFormSource {
  /** A saved recipient to preselect, or an order whose number the schedule tops up. */
  recipientId?: string;
  orderId?: string;
  amount?: string;
}

/**
 * Makes or changes an auto top-up: whom (a saved recipient, or the number of the order it was opened from), the amount
 * before fees, how often, which saved card and when the first (or next) charge is. The server checks all of it again;
 * its refusal shows under the field it names.
 */
export function AutoTopupForm({
  userId,
  editing,
  source,
  onDone,
}: {
  userId: string;
  editing?: AutoTopupView;
  source?: AutoTopupFormSource;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const recipients = useSavedRecipients(userId, { enabled: !editing && !source?.orderId });
  const cards = useSavedCards(userId);
  const change = useAutoTopupChange(userId);
  const [recipientId, setRecipientId] = useState(source?.recipientId ?? '');
  const [amount, setAmount] = useState(editing?.amount ?? source?.amount ?? '');
  const [intervalDays, setIntervalDays] = useState(String(editing?.intervalDays ?? 7));
  const [savedCardId, setSavedCardId] = useState(editing?.savedCard?.id ?? '');
  const [firstChargeAt, setFirstChargeAt] = useState(editing ? localInputValue(new Date(editing.nextChargeAt)) : defaultFirstCharge());
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const prefix = editing ? `auto-topup-${editing.id}` : 'new-auto-topup';
  const chosenCard = savedCardId || cards.data?.[0]?.id || '';

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!editing && !source?.orderId && !recipientId) found.recipientId = t('apiErrors.autoTopupRecipientNotFound');
    if (!/^\d{1,7}(?:\.\d{1,2})?$/.test(amount.trim())) found.amount = t('apiErrors.autoTopupAmount');
    if (!chosenCard) found.savedCardId = t('profile.autoTopups.form.noCard');
    if (!firstChargeAt || Number.isNaN(new Date(firstChargeAt).getTime())) found.firstChargeAt = t('apiErrors.autoTopupFirstCharge');
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const when = new Date(firstChargeAt).toISOString();
    const common = { amount: amount.trim(), intervalDays: Number(intervalDays), savedCardId: chosenCard };
    change.mutate(
      editing
        ? { kind: 'update', id: editing.id, body: { ...common, nextChargeAt: when } }
        : {
            kind: 'create',
            body: { ...common, firstChargeAt: when, ...(source?.orderId ? { orderId: source.orderId } : { recipientId }) },
          },
      {
        onSuccess: () => {
          toast({ title: t(editing ? 'profile.autoTopups.saved' : 'profile.autoTopups.created') });
          onDone();
        },
        onError: (error) => {
          const named = error instanceof ApiRequestError ? error.field : undefined;
          const field = (named === 'nextChargeAt' ? 'firstChargeAt' : named === 'orderId' ? 'recipientId' : named) as Field | undefined;
          const text = apiErrorText(t, error);
          if (field && ['recipientId', 'amount', 'intervalDays', 'savedCardId', 'firstChargeAt'].includes(field)) setErrors({ [field]: text });
          else toast({ title: t('profile.autoTopups.saveFailed'), description: text, variant: 'destructive' });
        },
      },
    );
  };

  const described = (field: Field) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${prefix}-${field}-error` } : {});
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border p-4"
      aria-labelledby={`${prefix}-title`}
      data-testid="auto-topup-form"
    >
      <h3 id={`${prefix}-title`} className="font-semibold">
        {t(editing ? 'profile.autoTopups.form.editTitle' : 'profile.autoTopups.form.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {!editing && !source?.orderId && (
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor={`${prefix}-recipientId`}>{t('profile.autoTopups.form.recipient')}</Label>
            <NativeSelect
              id={`${prefix}-recipientId`}
              value={recipientId}
              onChange={(event) => setRecipientId(event.target.value)}
              {...described('recipientId')}
            >
              <option value="">{t('profile.autoTopups.form.chooseRecipient')}</option>
              {(recipients.data ?? []).map((recipient) => (
                <option key={recipient.id} value={recipient.id}>
                  {describeRecipient(recipient, language).label}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={`${prefix}-recipientId-error`}>{errors.recipientId}</FieldError>
          </div>
        )}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${prefix}-amount`}>{t('profile.autoTopups.form.amount')}</Label>
          <Input
            id={`${prefix}-amount`}
            inputMode="decimal"
            dir="ltr"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            {...described('amount')}
          />
          <FieldError id={`${prefix}-amount-error`}>{errors.amount}</FieldError>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${prefix}-intervalDays`}>{t('profile.autoTopups.form.interval')}</Label>
          <NativeSelect
            id={`${prefix}-intervalDays`}
            value={intervalDays}
            onChange={(event) => setIntervalDays(event.target.value)}
            {...described('intervalDays')}
          >
            {AUTO_TOPUP_INTERVALS.map((days) => (
              <option key={days} value={days}>
                {t('profile.autoTopups.every', { days: String(days) })}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${prefix}-intervalDays-error`}>{errors.intervalDays}</FieldError>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${prefix}-savedCardId`}>{t('profile.autoTopups.form.card')}</Label>
          <NativeSelect
            id={`${prefix}-savedCardId`}
            value={chosenCard}
            onChange={(event) => setSavedCardId(event.target.value)}
            {...described('savedCardId')}
          >
            {(cards.data ?? []).length === 0 && <option value="">{t('profile.autoTopups.form.noCard')}</option>}
            {(cards.data ?? []).map((card) => (
              <option key={card.id} value={card.id}>
                {savedCardLabel(card, t, 'payment.savedCards.card')}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${prefix}-savedCardId-error`}>{errors.savedCardId}</FieldError>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${prefix}-firstChargeAt`}>{t(editing ? 'profile.autoTopups.form.next' : 'profile.autoTopups.form.first')}</Label>
          <Input
            id={`${prefix}-firstChargeAt`}
            type="datetime-local"
            dir="ltr"
            value={firstChargeAt}
            onChange={(event) => setFirstChargeAt(event.target.value)}
            {...described('firstChargeAt')}
          />
          <FieldError id={`${prefix}-firstChargeAt-error`}>{errors.firstChargeAt}</FieldError>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t('profile.autoTopups.form.reminder')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={change.isPending} data-testid="auto-topup-submit">
          {t(editing ? 'profile.autoTopups.form.save' : 'profile.autoTopups.form.create')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('profile.autoTopups.form.cancel')}
        </Button>
      </div>
    </form>
  );
}
