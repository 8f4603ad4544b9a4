import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Tabs } from 'radix-ui';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { ApiRequestError, apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';

type Mode = 'login' | 'register';

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

function AccountForm({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget));
    setPending(true);
    try {
      await apiRequest(mode === 'login' ? '/api/auth/sign-in/email' : '/api/auth/sign-up/email', { method: 'POST', body: data });
    } catch (error) {
      const description = error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : String(error);
      toast({ title: t('errorView.title'), description, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  const id = (field: string) => `${mode}-${field}`;
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('email')}>{t('auth.email')}</Label>
        <Input id={id('email')} name="email" type="email" autoComplete="email" required dir="ltr" />
      </div>
      {mode === 'register' && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id('username')}>{t('auth.username')}</Label>
          <Input id={id('username')} name="username" autoComplete="username" maxLength={30} />
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('password')}>{t('auth.password')}</Label>
        <Input
          id={id('password')}
          name="password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          required
          minLength={8}
          maxLength={128}
          dir="ltr"
        />
      </div>
      {mode === 'register' ? (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="marketingPreference" className="mt-0.5 size-4 accent-[var(--primary)]" />
          {t('auth.marketing')}
        </label>
      ) : (
        <a href="#forgot" className="self-end text-sm text-primary hover:underline">
          {t('auth.forgotPassword')}
        </a>
      )}
      <Button type="submit" disabled={pending}>
        {mode === 'login' ? t('auth.loginSubmit') : t('auth.registerSubmit')}
      </Button>
    </form>
  );
}

export function AuthPage() {
  const { t } = useTranslation();
  const tabClass =
    'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm';
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold">{t('auth.title')}</h1>
          <CardDescription>{t('auth.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <Tabs.Root defaultValue="login" className="flex flex-col gap-6">
            <Tabs.List className="flex gap-1 rounded-lg bg-muted p-1" aria-label={t('auth.title')}>
              <Tabs.Trigger value="login" className={tabClass}>
                {t('auth.loginTab')}
              </Tabs.Trigger>
              <Tabs.Trigger value="register" className={tabClass}>
                {t('auth.registerTab')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="login">
              <AccountForm mode="login" />
            </Tabs.Content>
            <Tabs.Content value="register">
              <AccountForm mode="register" />
            </Tabs.Content>
          </Tabs.Root>
          <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
            <span className="h-px flex-1 bg-border" />
            {t('auth.or')}
            <span className="h-px flex-1 bg-border" />
          </div>
          <Button variant="outline" type="button" onClick={() => window.location.assign('/api/auth/sign-in/google')}>
            <GoogleGlyph />
            {t('auth.google')}
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            <Link to={ROUTES.terms} className="hover:underline">
              {t('auth.termsNotice')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
