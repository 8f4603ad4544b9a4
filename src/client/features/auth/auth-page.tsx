import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import type { SignInRequest, SignUpFields } from '@shared/api/account';
import { STORAGE_KEYS } from '@shared/constants';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { InlineError } from '@/components/ui/inline-error';
import { currentLanguage, directionOf } from '@/i18n';
import { useAccount } from '@/lib/account';
import { rememberPreference } from '@/lib/storage/preferences';
import { useTheme } from '@/lib/theme';
import { apiErrorText } from '@/lib/api-error-text';
import { resumeAfterSignIn } from '@/lib/pending-action';
import { safeStorage } from '@/lib/storage';
import { toast } from '@/lib/toast';
import {
  googleFailureKey,
  requestPasswordReset,
  resetPassword,
  signInWithPassword,
  signUpWithPassword,
  startGoogleSignIn,
  verifyBackupCode,
  verifyTotp,
} from './auth-api';
import { BackupCodeForm, ForgotPasswordForm, LoginForm, RegisterForm, ResetPasswordForm, TwoFactorForm } from './auth-forms';

type View = 'tabs' | 'two-factor' | 'backup-code' | 'forgot' | 'reset';
type AuthForm = 'login' | 'register' | Exclude<View, 'tabs'>;

/** What a failure of each form is called, above its button. */
const FAILED_TITLES: Record<AuthForm, string> = {
  login: 'auth.failedTitle',
  register: 'auth.registerFailedTitle',
  'two-factor': 'auth.failedTitle',
  'backup-code': 'auth.failedTitle',
  forgot: 'auth.forgotFailedTitle',
  reset: 'auth.resetFailedTitle',
};

function GoogleGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#4285F4" d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h6c-.3 1.4-1 2.5-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9C3.8 20.5 7.6 23 12 23z" />
      <path fill="#FBBC05" d="M5.7 14c-.2-.7-.4-1.4-.4-2s.1-1.4.4-2V7.1H2C1.3 8.6.9 10.2.9 12s.4 3.4 1.1 4.9L5.7 14z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.3 1.7l3.2-3.2C17.5 2 15 1 12 1 7.6 1 3.8 3.5 2 7.1L5.7 10c.9-2.7 3.4-4.6 6.3-4.6z" />
    </svg>
  );
}

/** Where to go after signing in: a path given in ?returnTo (docs/product.md §2), else home. */
function destinationOf(returnTo: string | null): string {
  return returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : ROUTES.home;
}

export function AuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { refresh } = useAccount();
  const { theme } = useTheme();
  const resetToken = params.get('reset');
  // Back from Google for an account with two-factor on: no session yet, the code step opens it.
  const googleNeedsCode = params.get('post-auth') === 'google' && params.get('two-factor') === 'required';
  const [view, setView] = useState<View>(resetToken ? 'reset' : googleNeedsCode ? 'two-factor' : 'tabs');
  const [pending, setPending] = useState(false);
  /** The last refusal, shown above the button of the form it came from until the visitor changes something. */
  const [failure, setFailure] = useState<{ form: AuthForm; error: unknown } | null>(null);
  const returnTo = params.get('returnTo');
  const destination = destinationOf(returnTo);
  const finishedGoogle = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Sent here by the sign-in gate (?returnTo=…): the focus starts on the heading, which says where the customer is.
  const fromGate = returnTo !== null;
  useEffect(() => {
    if (fromGate) heading.current?.focus();
  }, [fromGate]);

  useEffect(() => {
    const failure = googleFailureKey(params);
    if (failure) toast({ title: t('auth.googleFailedTitle'), description: t(failure), variant: 'destructive' });
  }, [params, t]);

  const run = async (form: AuthForm, action: () => Promise<void>) => {
    setPending(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      // Said once, above the button of the form it came from (ADR 065), not in a toast as well.
      setFailure({ form, error });
    } finally {
      setPending(false);
    }
  };

  const show = (next: View) => {
    setFailure(null);
    setView(next);
  };
  const clearFailure = () => setFailure(null);
  /** What every form gets from the page: the pending flag, its last refusal, and a change clearing the refusal. */
  const formProps = (form: AuthForm) => ({
    pending,
    failure: failure?.form === form && <InlineError title={t(FAILED_TITLES[form])}>{apiErrorText(t, failure.error)}</InlineError>,
    onChange: clearFailure,
  });

  /** After sign-in: resume what the visitor was doing (docs/product.md §4), else go where ?returnTo says. */
  const finishSignIn = async () => {
    await refresh();
    const next = resumeAfterSignIn();
    switch (next.kind) {
      // The flow says 'Transaction Restored' (or where to continue) inside the form it puts back (ADR 065).
      case 'restore':
        return navigate(next.path, { replace: true });
      case 'expired':
        toast({ title: t('auth.expiredTitle'), description: t('auth.expiredBody'), variant: 'destructive' });
        return navigate(ROUTES.home, { replace: true });
      case 'broken':
        toast({ title: t('auth.brokenTitle'), description: t('auth.brokenBody'), variant: 'destructive' });
        return navigate(ROUTES.home, { replace: true });
      case 'incomplete':
        return navigate(ROUTES.home, { replace: true });
      case 'dropped':
        return navigate(ROUTES.home, { replace: true });
      case 'none':
        return navigate(destination, { replace: true });
    }
  };

  // Back from Google (?post-auth=google, the callbackURL given below): finish like a password sign-in, once.
  useEffect(() => {
    if (params.get('post-auth') !== 'google' || googleNeedsCode || finishedGoogle.current) return;
    finishedGoogle.current = true;
    void refresh().then((user) => (user ? finishSignIn() : undefined));
  });

  const onLogin = (body: SignInRequest) =>
    void run('login', async () => {
      const answer = await signInWithPassword(body);
      if (answer.twoFactorRedirect) setView('two-factor');
      else await finishSignIn();
    });

  const onRegister = ({ email, password, username, marketingPreference }: SignUpFields) =>
    void run('register', async () => {
      safeStorage.set(STORAGE_KEYS.marketingPreference, String(marketingPreference));
      await signUpWithPassword({
        email,
        password,
        name: username ?? email.split('@')[0]!,
        ...(username ? { username } : {}),
        marketingPreference,
        // The new account reads as the visitor does now (docs/product.md §4).
        language: currentLanguage(),
        theme,
      });
      await finishSignIn();
    });

  const onTwoFactor = ({ code }: { code: string }) =>
    void run('two-factor', async () => {
      await verifyTotp(code);
      await finishSignIn();
    });

  const onBackupCode = ({ code }: { code: string }) =>
    void run('backup-code', async () => {
      await verifyBackupCode(code);
      await finishSignIn();
    });

  const onForgot = ({ email }: { email: string }) =>
    void run('forgot', async () => {
      await requestPasswordReset(email);
      toast({ title: t('auth.forgotTitle'), description: t('auth.resetSent') });
      setView('tabs');
    });

  const onReset = ({ newPassword }: { newPassword: string }) =>
    void run('reset', async () => {
      await resetPassword(resetToken ?? '', newPassword);
      toast({ title: t('auth.resetTitle'), description: t('auth.resetDone') });
      navigate(ROUTES.auth, { replace: true });
      setView('tabs');
    });

  const onGoogle = () => {
    setPending(true);
    // Google's answer comes back without a form: the preference cookies tell the server how the new account reads.
    rememberPreference('language', currentLanguage());
    rememberPreference('theme', theme);
    const back = new URLSearchParams({ ...(returnTo ? { returnTo } : {}), 'post-auth': 'google' });
    startGoogleSignIn(`${window.location.origin}${ROUTES.auth}?${back.toString()}`).catch(() => {
      setPending(false);
      toast({ title: t('auth.googleFailedTitle'), description: t('auth.googleFailed'), variant: 'destructive' });
    });
  };

  const tabClass =
    'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm';

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card>
        <CardHeader className="text-center">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none">
            {t(
              view === 'two-factor' || view === 'backup-code'
                ? 'auth.twoFactorTitle'
                : view === 'forgot'
                  ? 'auth.forgotTitle'
                  : view === 'reset'
                    ? 'auth.resetTitle'
                    : 'auth.title',
            )}
          </h1>
          <CardDescription>
            {t(
              view === 'two-factor'
                ? 'auth.twoFactorPrompt'
                : view === 'backup-code'
                  ? 'auth.backupCodePrompt'
                  : view === 'forgot'
                    ? 'auth.forgotPrompt'
                    : 'auth.subtitle',
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {view === 'two-factor' && <TwoFactorForm {...formProps('two-factor')} onSubmit={onTwoFactor} onUseBackupCode={() => show('backup-code')} />}
          {view === 'backup-code' && (
            <BackupCodeForm {...formProps('backup-code')} onSubmit={onBackupCode} onUseAuthenticator={() => show('two-factor')} />
          )}
          {view === 'forgot' && <ForgotPasswordForm {...formProps('forgot')} onSubmit={onForgot} onBack={() => show('tabs')} />}
          {view === 'reset' && <ResetPasswordForm {...formProps('reset')} onSubmit={onReset} />}
          {view === 'tabs' && (
            <>
              <Tabs.Root defaultValue="login" onValueChange={clearFailure} dir={directionOf(currentLanguage())} className="flex flex-col gap-6">
                <Tabs.List className="flex gap-1 rounded-lg bg-muted p-1" aria-label={t('auth.title')}>
                  <Tabs.Trigger value="login" className={tabClass}>
                    {t('auth.loginTab')}
                  </Tabs.Trigger>
                  <Tabs.Trigger value="register" className={tabClass}>
                    {t('auth.registerTab')}
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="login">
                  <LoginForm {...formProps('login')} onSubmit={onLogin} onForgot={() => show('forgot')} />
                </Tabs.Content>
                <Tabs.Content value="register">
                  <RegisterForm {...formProps('register')} onSubmit={onRegister} />
                </Tabs.Content>
              </Tabs.Root>
              <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
                <span className="h-px flex-1 bg-border" />
                {t('auth.or')}
                <span className="h-px flex-1 bg-border" />
              </div>
              <Button variant="outline" type="button" onClick={onGoogle} disabled={pending}>
                <GoogleGlyph />
                {t('auth.google')}
              </Button>
              <p className="text-center text-xs text-muted-foreground">
                <Link to={ROUTES.terms} className="hover:underline">
                  {t('auth.termsNotice')}
                </Link>
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
