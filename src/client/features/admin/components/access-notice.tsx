import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/inline-error';
import { Input, Label } from '@/components/ui/input';
import { useAccount } from '@/lib/account';
import { apiRequest } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { endSession } from '@/lib/log-out';
import { ADMIN_QUERY_KEY } from '../api/request';
import type { AccessProblem } from '../lib/access';

/** Where the profile shows two-factor authentication (its section's anchor). */
export const TWO_FACTOR_SETUP_PATH = `${ROUTES.profile}#two-factor`;

const TEXT_KEYS: Record<AccessProblem, 'twoFactor' | 'secondFactor' | 'email' | 'signedOut' | 'notAdmin'> = {
  'two-factor': 'twoFactor',
  'second-factor': 'secondFactor',
  'email-not-verified': 'email',
  'signed-out': 'signedOut',
  'not-admin': 'notAdmin',
};

/**
 * A session opened without the code (before two-factor was turned on, say) passes the second factor here: the server
 * marks the session once the code is right, and everything the console asked for is read again.
 */
function CodeForm() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await apiRequest('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code: code.replace(/\s/g, '') } });
      await queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex w-full flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-code`}>{t('admin.access.codeLabel')}</Label>
        <Input
          id={`${id}-code`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          required
          aria-invalid={error !== null}
          className="max-w-48"
        />
      </div>
      {error !== null && <InlineError title={t('admin.access.codeFailed')}>{apiErrorText(t, error)}</InlineError>}
      <Button type="submit" disabled={pending || !code.trim()} className="self-start">
        {t('admin.access.codeSubmit')}
      </Button>
    </form>
  );
}

/**
 * A session that ended, or an admin who would rather sign in again (with a backup code, say): the session is closed
 * here, and the guard sends the browser to sign in with the way back to this page.
 */
function SignInAgainButton({ label }: { label: string }) {
  const { t } = useTranslation();
  const { refresh } = useAccount();
  const [pending, setPending] = useState(false);
  const signInAgain = async () => {
    setPending(true);
    await endSession();
    await refresh();
  };
  return (
    <Button variant="outline" onClick={() => void signInAgain()} disabled={pending}>
      {pending ? t('admin.access.signingOut') : label}
    </Button>
  );
}

function NoticeAction({ problem, label }: { problem: AccessProblem; label: string }) {
  const { pathname, search } = useLocation();
  switch (problem) {
    case 'two-factor':
      return (
        <Button asChild>
          <Link to={TWO_FACTOR_SETUP_PATH}>{label}</Link>
        </Button>
      );
    case 'email-not-verified':
      return (
        <Button asChild>
          <Link to={ROUTES.profile}>{label}</Link>
        </Button>
      );
    case 'second-factor':
      return (
        <>
          <CodeForm />
          <SignInAgainButton label={label} />
        </>
      );
    case 'signed-out':
      return (
        <Button asChild>
          <Link to={`${ROUTES.auth}?returnTo=${encodeURIComponent(pathname + search)}`}>{label}</Link>
        </Button>
      );
    case 'not-admin':
      return (
        <Button asChild variant="outline">
          <Link to={ROUTES.home}>{label}</Link>
        </Button>
      );
  }
}

/**
 * Why the console is closed to this session and how to open it: set up two-factor, sign in again with the code,
 * confirm the e-mail address. `asPage` when it stands for the whole console (its own h1), else inside a page (h2).
 */
export function AccessNotice({ problem, asPage = false }: { problem: AccessProblem; asPage?: boolean }) {
  const { t } = useTranslation();
  const Heading = asPage ? 'h1' : 'h2';
  const keys = TEXT_KEYS[problem];
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col items-start gap-4 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm"
      data-testid="admin-access-notice"
      data-problem={problem}
    >
      <ShieldAlert className="size-8 text-primary" aria-hidden="true" />
      <Heading className={asPage ? 'text-2xl font-bold' : 'text-xl font-semibold'}>{t(`admin.access.${keys}Title`)}</Heading>
      <p className="text-muted-foreground">{t(`admin.access.${keys}Body`)}</p>
      <NoticeAction problem={problem} label={t(`admin.access.${keys}Action`)} />
    </div>
  );
}
