import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { apiErrorText } from '@/lib/api-error-text';
import { hasIcon, iconUrl } from '@/lib/icon-files';
import { savedCardExpiry, savedCardLabel, useRemoveSavedCard, useSavedCards, type SavedCardView } from '@/lib/saved-cards';
import { toast } from '@/lib/toast';

/** One saved card, and the confirmation its Remove asks for. */
function SavedCardRow({ userId, card }: { userId: string; card: SavedCardView }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveSavedCard(userId);
  const label = savedCardLabel(card, t, 'payment.savedCards.card');
  const confirm = () =>
    remove.mutate(card.id, {
      onSuccess: () => {
        toast({ title: t('profile.savedCards.removed') });
        setConfirming(false);
      },
      onError: (failure) => toast({ title: t('profile.savedCards.removeFailed'), description: apiErrorText(t, failure), variant: 'destructive' }),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-3" data-testid="saved-card">
      <span className="flex items-center gap-3 text-sm">
        <img
          src={iconUrl(hasIcon(card.brand) ? card.brand : 'credit-card')}
          alt=""
          width={32}
          height={20}
          className="h-5 w-8 rounded-sm bg-white ring-1 ring-border"
        />
        <span className="flex flex-col">
          <bdi dir="ltr" className="font-medium">
            {label}
          </bdi>
          <span className="text-muted-foreground">{t('profile.savedCards.expires', { date: savedCardExpiry(card) })}</span>
        </span>
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={t('profile.savedCards.removeLabel', { card: label })}
        onClick={() => setConfirming(true)}
      >
        {t('profile.savedCards.remove')}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent closeLabel={t('profile.savedCards.cancel')} role="alertdialog">
          <DialogHeader>
            <DialogTitle>{t('profile.savedCards.confirmTitle')}</DialogTitle>
            <DialogDescription>{t('profile.savedCards.confirmBody', { card: label })}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('profile.savedCards.cancel')}
              </Button>
            </DialogClose>
            <Button type="button" variant="destructive" disabled={remove.isPending} onClick={confirm}>
              {t('profile.savedCards.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** The profile's "Saved cards" (ADR 063): the cards saved when paying, each removable after a confirmation. */
export function SavedCardsSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const cards = useSavedCards(userId);
  return (
    <Card role="region" aria-labelledby="saved-cards-title" data-testid="saved-cards-section">
      <CardHeader>
        <CardTitle level={2} id="saved-cards-title">
          {t('profile.savedCards.title')}
        </CardTitle>
        <CardDescription>{t('profile.savedCards.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {cards.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            {t('profile.savedCards.loading')}
          </p>
        )}
        {cards.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-destructive" role="alert">
              {t('profile.savedCards.loadFailed')}
            </p>
            <Button variant="outline" size="sm" disabled={cards.isFetching} onClick={() => void cards.refetch()}>
              {t('profile.savedCards.retry')}
            </Button>
          </div>
        )}
        {cards.isSuccess &&
          (cards.data.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="saved-cards-empty">
              {t('profile.savedCards.empty')}
            </p>
          ) : (
            <ul className="flex flex-col gap-2" aria-labelledby="saved-cards-title">
              {cards.data.map((card) => (
                <SavedCardRow key={card.id} userId={userId} card={card} />
              ))}
            </ul>
          ))}
      </CardContent>
    </Card>
  );
}
