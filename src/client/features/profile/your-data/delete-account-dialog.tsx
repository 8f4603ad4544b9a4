import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PASSWORD_MAX_LENGTH } from '@shared/text-rules';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ApiRequestError } from '@/lib/api-client';
import { forgetAccountData } from '@/lib/log-out';
import { FormMessage, ProfileField, useErrorText } from '../form-parts';
import { useLinkedAccounts, useTwoFactorEnabled } from '../profile-api';
import { deleteMyAccount, DELETE_AGAIN_PARAM, signInWithGoogleAgain } from './your-data-api';

/** Opens the dialog once when the profile is reached back from a fresh Google sign-in, then drops the parameter. */
function useReopenAfterGoogle(open: (value: boolean) => void) {
  const [params, setParams] = useSearchParams();
  const again = params.get(DELETE_AGAIN_PARAM);
  useEffect(() => {
    if (!again) return;
    open(true);
    setParams(
      (current) => {
        current.delete(DELETE_AGAIN_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [again, open, setParams]);
}

const listClass = 'ms-5 list-disc text-sm';

/** What deletion removes and what the business keeps, said before the customer confirms. */
function WhatHappens() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-4">
      <p className="text-sm font-semibold">{t('profile.yourData.removedTitle')}</p>
      <ul className={listClass}>
        <li>{t('profile.yourData.removedAccount')}</li>
        <li>{t('profile.yourData.removedRecipients')}</li>
        <li>{t('profile.yourData.removedNumbers')}</li>
        <li>{t('profile.yourData.removedSessions')}</li>
      </ul>
      <p className="text-sm font-semibold">{t('profile.yourData.keptTitle')}</p>
      <ul className={listClass}>
        <li>{t('profile.yourData.keptOrders')}</li>
      </ul>
    </div>
  );
}

/** "Delete my account": the consequences, the password (or a fresh Google sign-in) and the code, then the deletion. */
export function DeleteAccountDialog({ userId, trigger }: { userId: string; trigger: ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const accounts = useLinkedAccounts(userId);
  const twoFactor = useTwoFactorEnabled(userId);
  useReopenAfterGoogle(setOpen);

  // Until the account's sign-in methods are known the dialog asks for neither a password nor Google: a guess would show
  // a Google-only customer a password field. If they cannot be read, it asks for the password, which the server checks.
  const credentialsKnown = accounts.data !== undefined || accounts.isError;
  const hasPassword = accounts.data?.some((account) => account.providerId === 'credential') ?? true;
  const needsCode = twoFactor.data === true;
  const refusal = error instanceof ApiRequestError ? error : null;
  const invalidField = refusal?.field;
  const freshSignInNeeded = refusal?.code === 'FRESH_SIGN_IN_REQUIRED';

  const onOpenChange = (value: boolean) => {
    setOpen(value);
    if (!value) {
      setPassword('');
      setCode('');
      setError(null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await deleteMyAccount({ ...(hasPassword ? { password } : {}), ...(needsCode ? { code } : {}) });
      forgetAccountData();
      // A new page load: nothing of the account stays in this tab's memory.
      window.location.assign(ROUTES.accountDeleted);
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={t('profile.yourData.close')} data-testid="delete-account-dialog">
        <DialogHeader>
          <DialogTitle>{t('profile.yourData.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('profile.yourData.dialogIntro')}</DialogDescription>
        </DialogHeader>
        <WhatHappens />
        <p className="text-sm">{t('profile.yourData.inProgressNote')}</p>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3">
          {!credentialsKnown ? null : hasPassword ? (
            <ProfileField
              id="delete-account-password"
              label={t('profile.yourData.password')}
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
              dir="ltr"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              invalid={invalidField === 'password'}
              errorId="delete-account-error"
            />
          ) : (
            <div className="flex flex-col gap-2">
              <p className="text-sm">{t('profile.yourData.googlePrompt')}</p>
              <Button
                type="button"
                variant={freshSignInNeeded ? 'default' : 'outline'}
                className="self-start"
                onClick={() => void signInWithGoogleAgain().catch((failure: unknown) => setError(failure))}
              >
                {t('profile.yourData.googleAgain')}
              </Button>
            </div>
          )}
          {needsCode && (
            <ProfileField
              id="delete-account-code"
              label={t('profile.yourData.code')}
              autoComplete="one-time-code"
              dir="ltr"
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
              invalid={invalidField === 'code'}
              errorId="delete-account-error"
            />
          )}
          <FormMessage id="delete-account-error">{error ? errorText(error) : null}</FormMessage>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={pending || !credentialsKnown}>
              {t(pending ? 'profile.yourData.deleting' : 'profile.yourData.confirm')}
            </Button>
            <DialogClose asChild>
              <Button type="button" variant="ghost" disabled={pending}>
                {t('profile.yourData.cancel')}
              </Button>
            </DialogClose>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
