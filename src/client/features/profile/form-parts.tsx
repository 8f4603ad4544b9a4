import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Label } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';

/** A labelled input; `invalid` marks it and points it at the form's message. */
export function ProfileField({
  id,
  label,
  invalid,
  errorId,
  ...props
}: { id: string; label: string; invalid?: boolean; errorId?: string } & ComponentProps<'input'>) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined} {...props} />
    </div>
  );
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
