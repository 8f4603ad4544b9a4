import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { useAccount } from '@/lib/account';
import { toast } from '@/lib/toast';
import { AccountSection } from './account-section';
import { AutoTopupsSection } from './auto-topups/auto-topups-section';
import { TransactionHistorySection } from './history/transaction-history-section';
import { LinkedAccountsSection } from './linked-accounts-section';
import { ReferralsSection } from './referrals/referrals-section';
import { RecipientsSection } from './recipients/recipients-section';
import { RequestLinksSection } from './request-links/request-links-section';
import { SavedCardsSection } from './saved-cards/saved-cards-section';
import { SettingsSection } from './settings-section';
import { TwoFactorSection } from './two-factor-section';
import { YourDataSection } from './your-data/your-data-section';

/** Back from Google with ?error=… when linking failed: say so once, then drop the parameter. */
function useLinkErrorNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const error = params.get('error');
  useEffect(() => {
    if (!error) return;
    toast({ title: t('profile.linked.linkFailed'), description: t('profile.linked.linkFailedBody'), variant: 'destructive' });
    setParams(
      (current) => {
        current.delete('error');
        return current;
      },
      { replace: true },
    );
  }, [error, setParams, t]);
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAccount();
  useLinkErrorNotice();
  return (
    <Page title={t('profile.title')}>
      <AccountSection user={user} />
      <SettingsSection userId={user?.id} />
      {user && <TwoFactorSection userId={user.id} />}
      {user && <LinkedAccountsSection userId={user.id} />}
      {user && <RecipientsSection userId={user.id} />}
      {user && <SavedCardsSection userId={user.id} />}
      {user && <ReferralsSection userId={user.id} />}
      {user && <AutoTopupsSection userId={user.id} />}
      {user && <RequestLinksSection userId={user.id} />}
      {user && <TransactionHistorySection userId={user.id} />}
      {user && <YourDataSection userId={user.id} />}
    </Page>
  );
}
