import type { ComponentProps } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RULE_PARAMS } from '@shared/api/account';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';

/**
 * A labelled input. `error` is its own problem (a schema message, shown under it); `invalid` marks it for a refusal
 * of the whole form, whose message is at `errorId`.
 */
export function ProfileField({
  id,
  label,
  error,
  invalid,
  errorId,
  ...props
}: { id: string; label: string; error?: string; invalid?: boolean; errorId?: string } & ComponentProps<'input'>) {
  const fieldErrorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={error ? fieldErrorId : invalid ? errorId : undefined}
        {...props}
      />
      <FieldError id={fieldErrorId}>{error}</FieldError>
    </div>
  );
}

/** Each field's registration and its shared schema's message in the customer's language. */
export function useFields<Input extends FieldValues, Output>(form: UseFormReturn<Input, unknown, Output>) {
  const { t } = useTranslation();
  const { formState } = form;
  return (name: Path<Input>) => {
    const message = form.getFieldState(name, formState).error?.message;
    return { error: message ? t(message, ACCOUNT_RULE_PARAMS) : undefined, ...form.register(name) };
  };
}

/** Always in the page, so screen readers announce a message as soon as it appears. */
export function FormMessage({ id, children }: { id: string; children?: string | null }) {
  return (
    <p id={id} role="alert" aria-live="assertive" className="text-sm text-destructive empty:hidden" data-testid="form-error">
      {children ?? ''}
    </p>
  );
}

/** The text to show for a failed call: the server's refusal in the customer's language, or a connection problem. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string => (error instanceof TypeError ? t('profile.failed') : apiErrorText(t, error));
}

/** 'password' or 'code' when the error is about that field, for aria-invalid. */
export function fieldOf(error: unknown): 'code' | 'password' | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.code === 'INVALID_PASSWORD') return 'password';
  if (error.code === 'INVALID_CODE' || error.code === 'INVALID_TWO_FACTOR_AUTHENTICATION') return 'code';
  return undefined;
}
