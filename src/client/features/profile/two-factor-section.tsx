import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { disableTwoFactorRequestSchema, enableTwoFactorRequestSchema } from '@shared/api/account';
import { PASSWORD_MAX_LENGTH } from '@shared/text-rules';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { FormMessage, ProfileField, fieldOf, useErrorText, useFields } from './form-parts';
import {
  disableTwoFactor,
  enableTwoFactor,
  twoFactorQueryOptions,
  useTwoFactorEnabled,
  verifyTotpCode,
  type TwoFactorEnrolment,
} from './profile-api';
import { TwoFactorEnrolmentStep } from './two-factor-enrolment';

type Step = { kind: 'idle' } | { kind: 'password' } | { kind: 'enrol'; enrolment: TwoFactorEnrolment } | { kind: 'disable' };

/** A form's pending flag and error, with the call it runs. */
function useSubmit() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  return { pending, error, run };
}

const passwordProps = { type: 'password', required: true, maxLength: PASSWORD_MAX_LENGTH, dir: 'ltr', autoComplete: 'current-password' } as const;
const codeProps = { inputMode: 'numeric', autoComplete: 'one-time-code', required: true, dir: 'ltr' } as const;

/** Step 1 of turning two-factor on: the password, which Better Auth asks for before it makes a secret. */
function PasswordStep({ onEnrolment, onCancel }: { onEnrolment(enrolment: TwoFactorEnrolment): void; onCancel(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { pending, error, run } = useSubmit();
  const form = useForm({ resolver: zodResolver(enableTwoFactorRequestSchema), defaultValues: { password: '' } });
  const field = useFields(form);
  const onSubmit = form.handleSubmit(({ password }) => run(async () => onEnrolment(await enableTwoFactor(password))));
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:max-w-sm">
      <p className="text-sm">{t('profile.twoFactor.passwordPrompt')}</p>
      <ProfileField
        id="two-factor-password"
        label={t('profile.twoFactor.password')}
        invalid={fieldOf(error) === 'password'}
        errorId="two-factor-password-error"
        autoFocus
        {...passwordProps}
        {...field('password')}
      />
      <FormMessage id="two-factor-password-error">{error ? errorText(error) : null}</FormMessage>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {t('profile.twoFactor.continue')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          {t('profile.twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Turning two-factor off: a current code (checked first) and the password; the server checks both. */
function DisableForm({ onDone, onCancel }: { onDone(): Promise<void>; onCancel(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { pending, error, run } = useSubmit();
  const form = useForm({ resolver: zodResolver(disableTwoFactorRequestSchema), defaultValues: { code: '', password: '' } });
  const field = useFields(form);
  const onSubmit = form.handleSubmit(({ code, password }) =>
    run(async () => {
      // Checked first on its own, so that a wrong code is named as such before the password is tried.
      await verifyTotpCode(code);
      await disableTwoFactor(password, code);
      await onDone();
    }),
  );
  const invalid = fieldOf(error);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:max-w-sm">
      <p className="text-sm">{t('profile.twoFactor.disablePrompt')}</p>
      <ProfileField
        id="two-factor-disable-code"
        label={t('profile.twoFactor.code')}
        invalid={invalid === 'code'}
        errorId="two-factor-disable-error"
        autoFocus
        {...codeProps}
        {...field('code')}
      />
      <ProfileField
        id="two-factor-disable-password"
        label={t('profile.twoFactor.password')}
        invalid={invalid === 'password'}
        errorId="two-factor-disable-error"
        {...passwordProps}
        {...field('password')}
      />
      <FormMessage id="two-factor-disable-error">{error ? errorText(error) : null}</FormMessage>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={pending}>
          {t('profile.twoFactor.disableSubmit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          {t('profile.twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

function Status({ on }: { on: boolean }) {
  const { t } = useTranslation();
  const Icon = on ? ShieldCheck : ShieldOff;
  return (
    <p className="flex items-center gap-2 text-sm font-medium" data-testid="two-factor-status">
      <Icon className={on ? 'size-5 text-primary' : 'size-5 text-muted-foreground'} aria-hidden="true" />
      {t(on ? 'profile.twoFactor.on' : 'profile.twoFactor.off')}
    </p>
  );
}

/** The id of the section, for links that send an admin to turn two-factor on (the operations console). */
export const TWO_FACTOR_ANCHOR = 'two-factor';

/** /profile#two-factor scrolls here once the page has rendered: the browser looks for the anchor before it exists. */
function useScrollToAnchor() {
  const { hash } = useLocation();
  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === `#${TWO_FACTOR_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return section;
}

export function TwoFactorSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useTwoFactorEnabled(userId);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const section = useScrollToAnchor();
  const idle = () => setStep({ kind: 'idle' });

  const changed = async (on: boolean) => {
    const { queryKey } = twoFactorQueryOptions(userId);
    queryClient.setQueryData(queryKey, on);
    await queryClient.invalidateQueries({ queryKey });
    idle();
    toast({ title: t(on ? 'profile.twoFactor.on' : 'profile.twoFactor.off') });
  };

  return (
    <Card
      ref={section}
      id={TWO_FACTOR_ANCHOR}
      aria-labelledby="two-factor-title"
      role="region"
      className="scroll-mt-20"
      data-testid="two-factor-section"
    >
      <CardHeader>
        <CardTitle level={2} id="two-factor-title">
          {t('profile.twoFactor.title')}
        </CardTitle>
        <CardDescription>{t('profile.twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status.isPending && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('profile.twoFactor.loading')}
          </p>
        )}
        {status.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-destructive" role="alert">
              {t('profile.twoFactor.loadFailed')}
            </p>
            <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
              {t('profile.retry')}
            </Button>
          </div>
        )}
        {status.isSuccess && (
          <>
            <Status on={status.data} />
            {!status.data && step.kind === 'idle' && (
              <Button className="self-start" onClick={() => setStep({ kind: 'password' })}>
                {t('profile.twoFactor.turnOn')}
              </Button>
            )}
            {!status.data && step.kind === 'password' && (
              <PasswordStep onEnrolment={(enrolment) => setStep({ kind: 'enrol', enrolment })} onCancel={idle} />
            )}
            {!status.data && step.kind === 'enrol' && (
              <TwoFactorEnrolmentStep enrolment={step.enrolment} onDone={() => void changed(true)} onCancel={idle} />
            )}
            {status.data && step.kind !== 'disable' && (
              <Button variant="outline" className="self-start" onClick={() => setStep({ kind: 'disable' })}>
                {t('profile.twoFactor.turnOff')}
              </Button>
            )}
            {status.data && step.kind === 'disable' && <DisableForm onDone={() => changed(false)} onCancel={idle} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
