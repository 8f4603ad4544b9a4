import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy } from 'lucide-react';
import { verifyTotpRequestSchema } from '@shared/api/account';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { FormMessage, ProfileField, fieldOf, useErrorText, useFields } from './form-parts';
import { groupKey, secretOf, verifyTotpCode, type TwoFactorEnrolment } from './profile-api';
import { QrCode } from './qr-code';

/** Step 2 of turning two-factor on: scan or type the key, keep the backup codes, confirm with a first code. */
export function TwoFactorEnrolmentStep({ enrolment, onDone, onCancel }: { enrolment: TwoFactorEnrolment; onDone(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const secret = secretOf(enrolment.totpURI);
  const [copied, setCopied] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast({ title: t('profile.twoFactor.copied') });
    } catch {
      toast({ title: t('profile.twoFactor.copyFailed'), variant: 'destructive' });
    }
  };

  const form = useForm({ resolver: zodResolver(verifyTotpRequestSchema), defaultValues: { code: '' } });
  const field = useFields(form);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setPending(true);
    setError(null);
    try {
      await verifyTotpCode(code);
      onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  });

  return (
    <div className="flex flex-col gap-6" data-testid="two-factor-enrolment">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <QrCode value={enrolment.totpURI} label={t('profile.twoFactor.qrLabel')} />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-sm">{t('profile.twoFactor.scan')}</p>
          <span className="text-sm font-medium" id="two-factor-key-label">
            {t('profile.twoFactor.manualKey')}
          </span>
          <div className="flex flex-wrap items-center gap-2">
            <code
              dir="ltr"
              aria-labelledby="two-factor-key-label"
              data-testid="two-factor-key"
              className="rounded-md bg-muted px-3 py-2 font-mono text-sm tracking-wide select-all"
            >
              {groupKey(secret)}
            </code>
            <Button type="button" variant="outline" size="sm" onClick={() => void copyKey()}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {t('profile.twoFactor.copy')}
            </Button>
          </div>
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t('profile.twoFactor.backupTitle')}</h3>
        <p className="text-sm text-muted-foreground">{t('profile.twoFactor.backupHint')}</p>
        <ul
          dir="ltr"
          className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/50 p-3 font-mono text-sm sm:grid-cols-5"
          data-testid="two-factor-backup-codes"
        >
          {enrolment.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:max-w-sm">
        <ProfileField
          id="two-factor-enrol-code"
          label={t('profile.twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          dir="ltr"
          invalid={fieldOf(error) === 'code'}
          errorId="two-factor-enrol-error"
          {...field('code')}
        />
        <FormMessage id="two-factor-enrol-error">{error ? errorText(error) : null}</FormMessage>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending}>
            {t('profile.twoFactor.verifyOn')}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
            {t('profile.twoFactor.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}
