import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_REASON_MAX_LENGTH } from '@shared/api/admin';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/inline-error';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import type { PromoDraft } from '../lib/promo-form';
import { Field } from './field';

interface PromoCodeFormProps {
  initial: PromoDraft;
  submitLabel: string;
  pending: boolean;
  /** The server's last refusal: its message above the form, its field marked. */
  error: unknown;
  onSubmit(draft: PromoDraft, reason: string): void;
  onCancel?(): void;
}

/** Which of the form's inputs a server field names (`budgetCents` is the Budget input). */
const INPUT_OF: Record<string, keyof PromoDraft | 'reason'> = {
  budgetCents: 'budget',
  minAmountCents: 'minAmount',
};

/**
 * The promo code editor (ADR 067): the terms, and the reason the audit log keeps. The server checks every field and
 * names the one it refuses; the form marks it.
 */
export function PromoCodeForm({ initial, submitLabel, pending, error, onSubmit, onCancel }: PromoCodeFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [reason, setReason] = useState('');
  const refusedField = error instanceof ApiRequestError && error.field ? (INPUT_OF[error.field] ?? error.field) : undefined;
  const set = <K extends keyof PromoDraft>(key: K, value: PromoDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const input = (key: keyof PromoDraft | 'reason') => ({
    id: `${id}-${key}`,
    'aria-invalid': refusedField === key || undefined,
    'aria-describedby': refusedField === key ? `${id}-error` : undefined,
  });
  const text = (
    key: Exclude<keyof PromoDraft, 'firstTopUpOnly' | 'enabled' | 'kind' | 'appliesTo'>,
    label: string,
    extra: Record<string, unknown> = {},
    hint?: string,
  ): ReactNode => (
    <Field id={`${id}-${key}`} label={label} hint={hint}>
      <Input {...input(key)} value={draft[key]} onChange={(event) => set(key, event.target.value)} data-testid={`promo-form-${key}`} {...extra} />
    </Field>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft, reason);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="promo-form">
      {Boolean(error) && (
        <div id={`${id}-error`}>
          <InlineError title={t('admin.settings.notSaved')} testId="promo-form-error">
            {apiErrorText(t, error)}
          </InlineError>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('code', t('admin.promo.code'), { autoCapitalize: 'characters', spellCheck: false }, t('admin.promo.codeHint'))}
        <Field id={`${id}-kind`} label={t('admin.promo.kind')}>
          <NativeSelect
            {...input('kind')}
            value={draft.kind}
            onChange={(event) => set('kind', event.target.value as PromoDraft['kind'])}
            data-testid="promo-form-kind"
          >
            <option value="percent">{t('admin.promo.kinds.percent')}</option>
            <option value="fixed">{t('admin.promo.kinds.fixed')}</option>
          </NativeSelect>
        </Field>
        <Field id={`${id}-appliesTo`} label={t('admin.promo.appliesTo')}>
          <NativeSelect
            {...input('appliesTo')}
            value={draft.appliesTo}
            onChange={(event) => set('appliesTo', event.target.value as PromoDraft['appliesTo'])}
            data-testid="promo-form-appliesTo"
          >
            <option value="fee">{t('admin.promo.targets.fee')}</option>
            <option value="total">{t('admin.promo.targets.total')}</option>
          </NativeSelect>
        </Field>
        {text('value', draft.kind === 'percent' ? t('admin.promo.valuePercent') : t('admin.promo.valueFixed'), { inputMode: 'decimal', dir: 'ltr' })}
        {text('startsAt', t('admin.promo.startsAt'), { type: 'datetime-local', dir: 'ltr' })}
        {text('endsAt', t('admin.promo.endsAt'), { type: 'datetime-local', dir: 'ltr' })}
        {text('budget', t('admin.promo.budgetLabel'), { inputMode: 'decimal', dir: 'ltr' }, t('admin.promo.emptyIsNone'))}
        {text('usesPerCustomer', t('admin.promo.usesPerCustomer'), { inputMode: 'numeric', dir: 'ltr' }, t('admin.promo.emptyIsNone'))}
        {text('minAmount', t('admin.promo.minAmount'), { inputMode: 'decimal', dir: 'ltr' })}
      </div>
      <div className="flex flex-wrap gap-6 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.firstTopUpOnly}
            onChange={(event) => set('firstTopUpOnly', event.target.checked)}
            data-testid="promo-form-first"
          />
          {t('admin.promo.firstTopUpOnly')}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => set('enabled', event.target.checked)}
            data-testid="promo-form-enabled"
          />
          {t('admin.promo.enabled')}
        </label>
      </div>
      <Field id={`${id}-reason`} label={t('admin.settings.reason')} hint={t('admin.settings.reasonHint', { max: ADMIN_REASON_MAX_LENGTH })}>
        <Textarea
          {...input('reason')}
          className="min-h-20"
          value={reason}
          maxLength={ADMIN_REASON_MAX_LENGTH}
          onChange={(event) => setReason(event.target.value)}
          data-testid="promo-form-reason"
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending} data-testid="promo-form-submit">
          {pending ? t('admin.settings.saving') : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('admin.promo.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
