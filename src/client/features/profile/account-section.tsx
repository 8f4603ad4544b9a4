import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { usernameFormSchema, type UpdateUserRequest, type UserResponse } from '@shared/api/account';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useAccount, type AccountUser } from '@/lib/account';
import { apiRequest } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { toast } from '@/lib/toast';
import { useFields } from './form-parts';
import { sendVerificationEmail, useEmailVerified } from './profile-api';

/** The username, changed through PATCH /api/user; an empty field removes it. */
function UsernameForm({ username }: { username: string | null }) {
  const { t } = useTranslation();
  const { refresh } = useAccount();
  const [pending, setPending] = useState(false);
  const form = useForm({ resolver: zodResolver(usernameFormSchema), defaultValues: { username: username ?? '' } });
  const { error, ...field } = useFields(form)('username');
  const onSubmit = form.handleSubmit(async (body) => {
    setPending(true);
    try {
      await apiRequest<UserResponse>('/api/user', { method: 'PATCH', body: body satisfies UpdateUserRequest });
      await refresh();
      toast({ title: t('profile.usernameSaved') });
    } catch (failure) {
      toast({ title: t('profile.saveFailed'), description: apiErrorText(t, failure), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1.5">
      <Label htmlFor="profile-username">{t('profile.username')}</Label>
      <div className="flex gap-2">
        <Input
          id="profile-username"
          maxLength={30}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'profile-username-error profile-username-hint' : 'profile-username-hint'}
          {...field}
        />
        <Button type="submit" disabled={pending}>
          {t('profile.save')}
        </Button>
      </div>
      <FieldError id="profile-username-error">{error}</FieldError>
      <p id="profile-username-hint" className="text-xs text-muted-foreground">
        {t('profile.usernameHint')}
      </p>
    </form>
  );
}

/** Whether the address is confirmed, and a way to have the link sent again while it is not. */
function EmailConfirmation({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const verified = useEmailVerified(user.id);
  const [pending, setPending] = useState(false);
  if (verified.data === undefined) return null;
  if (verified.data)
    return (
      <p className="text-xs text-muted-foreground" data-testid="email-status">
        {t('profile.emailVerified')}
      </p>
    );
  const resend = async () => {
    setPending(true);
    try {
      await sendVerificationEmail(user.email);
      toast({ title: t('profile.verificationSent') });
    } catch (error) {
      toast({ title: t('profile.saveFailed'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-x-1">
      <p className="text-xs text-muted-foreground" data-testid="email-status">
        {t('profile.emailNotVerified')}
      </p>
      <Button type="button" variant="link" size="sm" disabled={pending} onClick={() => void resend()}>
        {t('profile.sendVerification')}
      </Button>
    </div>
  );
}

/** The e-mail address (and whether it is confirmed) and the username. */
export function AccountSection({ user }: { user: AccountUser | null }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{t('profile.accountTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">{t('profile.email')}</span>
          <span className="text-sm text-muted-foreground" dir="ltr" data-testid="profile-email">
            {user?.email}
          </span>
          {user && <EmailConfirmation user={user} />}
        </div>
        {user && <UsernameForm username={user.username} />}
      </CardContent>
    </Card>
  );
}
