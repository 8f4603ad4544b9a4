import type { ComponentProps, ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  ACCOUNT_RULE_PARAMS,
  passwordResetRequestSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signUpFieldsSchema,
  verifyBackupCodeRequestSchema,
  verifyTotpRequestSchema,
} from '@shared/api/account';
import { PASSWORD_MAX_LENGTH } from '@shared/text-rules';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';

/**
 * The forms of the auth page, each checked with its call's shared schema before it is sent. The page decides what a
 * submission does; a form only says what was typed, once it passes.
 */
interface FormProps<Values> {
  pending: boolean;
  /** The refusal of this form's last submission, shown above its button until the visitor changes something. */
  failure: ReactNode;
  onChange(): void;
  onSubmit(values: Values): void;
}

const resetFieldsSchema = resetPasswordRequestSchema.omit({ token: true });

/** Each field's registration and its schema message in the visitor's language. */
function useFields<Input extends FieldValues, Output>(form: UseFormReturn<Input, unknown, Output>) {
  const { t } = useTranslation();
  const { formState } = form;
  return (name: Path<Input>, id: string) => {
    const message = form.getFieldState(name, formState).error?.message;
    return { id, error: message ? t(message, ACCOUNT_RULE_PARAMS) : undefined, ...form.register(name) };
  };
}

function Field({ id, label, error, ...props }: { id: string; label: string; error: string | undefined } & ComponentProps<'input'>) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...props} />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

const passwordProps = { type: 'password', required: true, maxLength: PASSWORD_MAX_LENGTH, dir: 'ltr' } as const;

export function LoginForm({
  pending,
  failure,
  onChange,
  onSubmit,
  onForgot,
}: FormProps<z.output<typeof signInRequestSchema>> & { onForgot(): void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(signInRequestSchema), defaultValues: { email: '', password: '' } });
  const field = useFields(form);
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} onChange={onChange} noValidate className="flex flex-col gap-4">
      <Field label={t('auth.email')} type="email" autoComplete="email" required dir="ltr" {...field('email', 'login-email')} />
      <Field label={t('auth.password')} autoComplete="current-password" {...passwordProps} {...field('password', 'login-password')} />
      <Button type="button" variant="link" className="self-end px-0" onClick={onForgot}>
        {t('auth.forgotPassword')}
      </Button>
      {failure}
      <Button type="submit" disabled={pending}>
        {t('auth.loginSubmit')}
      </Button>
    </form>
  );
}

export function RegisterForm({ pending, failure, onChange, onSubmit }: FormProps<z.output<typeof signUpFieldsSchema>>) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(signUpFieldsSchema),
    defaultValues: { email: '', password: '', username: '', marketingPreference: false },
  });
  const field = useFields(form);
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} onChange={onChange} noValidate className="flex flex-col gap-4">
      <Field label={t('auth.email')} type="email" autoComplete="email" required dir="ltr" {...field('email', 'register-email')} />
      <Field label={t('auth.username')} autoComplete="username" maxLength={30} {...field('username', 'register-username')} />
      <Field label={t('auth.password')} autoComplete="new-password" {...passwordProps} {...field('password', 'register-password')} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-[var(--primary)]" {...form.register('marketingPreference')} />
        {t('auth.marketing')}
      </label>
      {failure}
      <Button type="submit" disabled={pending}>
        {t('auth.registerSubmit')}
      </Button>
    </form>
  );
}

export function TwoFactorForm({
  pending,
  failure,
  onChange,
  onSubmit,
  onUseBackupCode,
}: FormProps<z.output<typeof verifyTotpRequestSchema>> & { onUseBackupCode(): void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(verifyTotpRequestSchema), defaultValues: { code: '' } });
  const field = useFields(form);
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} onChange={onChange} noValidate className="flex flex-col gap-4">
      <Field
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        dir="ltr"
        autoFocus
        {...field('code', 'two-factor-code')}
      />
      {failure}
      <Button type="submit" disabled={pending}>
        {t('auth.verify')}
      </Button>
      <Button type="button" variant="link" onClick={onUseBackupCode}>
        {t('auth.useBackupCode')}
      </Button>
    </form>
  );
}

export function BackupCodeForm({
  pending,
  failure,
  onChange,
  onSubmit,
  onUseAuthenticator,
}: FormProps<z.output<typeof verifyBackupCodeRequestSchema>> & { onUseAuthenticator(): void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(verifyBackupCodeRequestSchema), defaultValues: { code: '' } });
  const field = useFields(form);
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} onChange={onChange} noValidate className="flex flex-col gap-4">
      <Field
        label={t('auth.backupCode')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        required
        dir="ltr"
        autoFocus
        {...field('code', 'backup-code')}
      />
      {failure}
      <Button type="submit" disabled={pending}>
        {t('auth.verify')}
      </Button>
      <Button type="button" variant="link" onClick={onUseAuthenticator}>
        {t('auth.useAuthenticator')}
      </Button>
    </form>
  );
}

export function ForgotPasswordForm({
  pending,
  failure,
  onChange,
  onSubmit,
  onBack,
}: FormProps<z.output<typeof passwordResetRequestSchema>> & { onBack(): void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });
  const field = useFields(form);
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} onChange={onChange} noValidate className="flex flex-col gap-4">
      <Field label={t('auth.email')} type="email" autoComplete="email" required dir="ltr" {...field('email', 'forgot-email')} />
      {failure}
      <Button type="submit" disabled={pending}>
        {t('auth.sendResetLink')}
      </Button>
      <Button type="button" variant="link" onClick={onBack}>
        {t('auth.backToLogin')}
      </Button>
    </form>
  );
}

export function ResetPasswordForm({ pending, failure, onChange, onSubmit }: FormProps<z.output<typeof resetFieldsSchema>>) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(resetFieldsSchema), defaultValues: { newPassword: '' } });
  const field = useFields(form);
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} onChange={onChange} noValidate className="flex flex-col gap-4">
      <Field label={t('auth.newPassword')} autoComplete="new-password" {...passwordProps} {...field('newPassword', 'reset-password')} />
      {failure}
      <Button type="submit" disabled={pending}>
        {t('auth.resetSubmit')}
      </Button>
    </form>
  );
}
