import { useTranslation } from 'react-i18next';
import { formatUsd } from '@shared/pricing';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionRow } from '@/components/ui/description-row';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useMyReferrals } from './referrals-api';

const usd = (cents: number) => `$${formatUsd(cents)}`;

/**
 * The profile's "Refer a friend" (ADR 070): the customer's link with a copy button, what it gives a friend and them,
 * the friends who joined by it and the credit they have, which their next top-up uses by itself.
 */
export function ReferralsSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const referrals = useMyReferrals(userId);
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t('profile.referral.copied') });
    } catch {
      toast({ title: t('profile.referral.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <Card role="region" aria-labelledby="referral-title" data-testid="referral-section">
      <CardHeader>
        <CardTitle level={2} id="referral-title">
          {t('profile.referral.title')}
        </CardTitle>
        <CardDescription>
          {referrals.isSuccess
            ? t('profile.referral.description', {
                friendDiscount: usd(referrals.data.friendDiscountCents),
                credit: usd(referrals.data.referrerCreditCents),
              })
            : t('profile.referral.descriptionShort')}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {referrals.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            {t('profile.referral.loading')}
          </p>
        )}
        {referrals.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-destructive" role="alert">
              {t('profile.referral.loadFailed')}
            </p>
            <Button variant="outline" size="sm" disabled={referrals.isFetching} onClick={() => void referrals.refetch()}>
              {t('profile.referral.retry')}
            </Button>
          </div>
        )}
        {referrals.isSuccess && (
          <>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="referral-link">{t('profile.referral.linkLabel')}</Label>
              <div className="flex flex-wrap gap-2">
                <Input
                  id="referral-link"
                  dir="ltr"
                  readOnly
                  value={referrals.data.link}
                  onFocus={(event) => event.currentTarget.select()}
                  className="min-w-0 flex-1 font-mono text-sm"
                  data-testid="referral-link"
                />
                <Button type="button" onClick={() => void copy(referrals.data.link)} data-testid="referral-copy">
                  {t('profile.referral.copy')}
                </Button>
              </div>
            </div>
            <dl className="flex flex-col text-sm">
              <DescriptionRow label={t('profile.referral.friendsJoined')} testId="referral-friends">
                {referrals.data.friendsJoined}
              </DescriptionRow>
              <DescriptionRow label={t('profile.referral.friendsRewarded')} testId="referral-rewarded">
                {referrals.data.friendsRewarded}
              </DescriptionRow>
              <DescriptionRow ltr label={t('profile.referral.credit')} testId="referral-credit">
                {usd(referrals.data.creditCents)}
              </DescriptionRow>
            </dl>
            <p className="text-sm text-muted-foreground">{t('profile.referral.creditHint')}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
