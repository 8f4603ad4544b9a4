import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useErrorText } from './form-parts';
import {
  SIGN_IN_METHODS,
  linkedAccountsQueryOptions,
  linkGoogle,
  unlinkAccount,
  useLinkedAccounts,
  type LinkedAccount,
  type SignInMethod,
} from './profile-api';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path fill="#4285F4" d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h6c-.3 1.4-1 2.5-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9C3.8 20.5 7.6 23 12 23z" />
      <path fill="#FBBC05" d="M5.7 14c-.2-.7-.4-1.4-.4-2s.1-1.4.4-2V7.1H2C1.3 8.6.9 10.2.9 12s.4 3.4 1.1 4.9L5.7 14z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.3 1.7l3.2-3.2C17.5 2 15 1 12 1 7.6 1 3.8 3.5 2 7.1L5.7 10c.9-2.7 3.4-4.6 6.3-4.6z" />
    </svg>
  );
}

function MethodRow({
  method,
  account,
  isLast,
  busy,
  onUnlink,
  onLink,
}: {
  method: SignInMethod;
  account: LinkedAccount | undefined;
  isLast: boolean;
  busy: boolean;
  onUnlink(account: LinkedAccount): void;
  onLink(): void;
}) {
  const { t } = useTranslation();
  const name = t(`profile.linked.${method}`);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid={`sign-in-method-${method}`}>
      {method === 'google' ? <GoogleMark /> : <KeyRound className="size-5 text-muted-foreground" aria-hidden="true" />}
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-medium">{name}</span>
        <span className="text-xs text-muted-foreground">{t(account ? 'profile.linked.linked' : 'profile.linked.notLinked')}</span>
      </div>
      {account && (
        <Button
          variant="outline"
          size="sm"
          disabled={busy || isLast}
          aria-label={t('profile.linked.unlinkNamed', { method: name })}
          aria-describedby={isLast ? 'linked-last-method' : undefined}
          onClick={() => onUnlink(account)}
        >
          {t('profile.linked.unlink')}
        </Button>
      )}
      {!account && method === 'google' && (
        <Button variant="outline" size="sm" disabled={busy} onClick={onLink}>
          {t('profile.linked.linkGoogle')}
        </Button>
      )}
    </li>
  );
}

/** E-mail and password, Google: which are linked, link Google, unlink any but the last one. */
export function LinkedAccountsSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const accounts = useLinkedAccounts(userId);
  const [busy, setBusy] = useState(false);

  const onUnlink = async (account: LinkedAccount) => {
    setBusy(true);
    try {
      await unlinkAccount(account);
      toast({ title: t('profile.linked.unlinked', { method: t(`profile.linked.${account.providerId === 'google' ? 'google' : 'credential'}`) }) });
    } catch (error) {
      toast({ title: t('profile.linked.unlinkFailed'), description: errorText(error), variant: 'destructive' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: linkedAccountsQueryOptions(userId).queryKey });
      setBusy(false);
    }
  };

  const onLink = () => {
    setBusy(true);
    linkGoogle().catch((error: unknown) => {
      setBusy(false);
      toast({ title: t('profile.linked.linkFailed'), description: errorText(error), variant: 'destructive' });
    });
  };

  const list = accounts.data ?? [];
  const isLast = list.length <= 1;
  return (
    <Card aria-labelledby="linked-title" role="region" data-testid="linked-accounts-section">
      <CardHeader>
        <CardTitle level={2} id="linked-title">
          {t('profile.linked.title')}
        </CardTitle>
        <CardDescription>{t('profile.linked.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {accounts.isPending && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('profile.linked.loading')}
          </p>
        )}
        {accounts.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-destructive" role="alert">
              {t('profile.linked.loadFailed')}
            </p>
            <Button variant="outline" size="sm" onClick={() => void accounts.refetch()}>
              {t('profile.retry')}
            </Button>
          </div>
        )}
        {accounts.isSuccess && (
          <>
            <ul className="divide-y">
              {SIGN_IN_METHODS.map((method) => (
                <MethodRow
                  key={method}
                  method={method}
                  account={list.find((account) => account.providerId === method)}
                  isLast={isLast}
                  busy={busy}
                  onUnlink={(account) => void onUnlink(account)}
                  onLink={onLink}
                />
              ))}
            </ul>
            {isLast && (
              <p id="linked-last-method" className="text-sm text-muted-foreground">
                {t('profile.linked.lastMethod')}
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
