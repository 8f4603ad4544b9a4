import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatPhoneInternational } from '@shared/phone-format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { apiErrorText } from '@/lib/api-error-text';
import { AUTO_TOPUPS_ANCHOR, useAutoTopupChange, useAutoTopups, type AutoTopupView } from '@/lib/auto-topups';
import { intlLocale } from '@/lib/local-format';
import { savedCardLabel } from '@/lib/saved-cards';
import { toast } from '@/lib/toast';
import { useLanguage } from '../history/use-language';
import { AutoTopupForm, type AutoTopupFormSource } from './auto-topup-form';

/** One schedule: whom, how much, how often, with which card, the next charge; and what the customer may do with it. */
function AutoTopupRow({ userId, schedule }: { userId: string; schedule: AutoTopupView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const change = useAutoTopupChange(userId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const number = `\u2066${formatPhoneInternational(schedule.phone, schedule.callingCode)}\u2069`;
  const next = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(schedule.nextChargeAt));
  const act = (kind: 'skip' | 'pause' | 'resume' | 'delete') =>
    change.mutate(
      { kind, id: schedule.id },
      {
        onSuccess: () => {
          toast({ title: t(`profile.autoTopups.done.${kind}`) });
          setDeleting(false);
        },
        onError: (error) => toast({ title: t('profile.autoTopups.saveFailed'), description: apiErrorText(t, error), variant: 'destructive' }),
      },
    );
  if (editing)
    return (
      <li>
        <AutoTopupForm userId={userId} editing={schedule} onDone={() => setEditing(false)} />
      </li>
    );
  const paused = schedule.status === 'paused';
  return (
    <li className="flex flex-col gap-3 rounded-xl border p-3" data-testid="auto-topup">
      <div className="flex flex-wrap items-start justify-between gap-2 text-sm">
        <span className="flex flex-col">
          <span className="font-medium">
            {t('profile.autoTopups.summary', { amount: `$${schedule.amount}`, number, days: String(schedule.intervalDays) })}
          </span>
          <span className="text-muted-foreground">
            {schedule.operatorName} ·{' '}
            {schedule.savedCard ? (
              <bdi dir="ltr">{savedCardLabel(schedule.savedCard, t, 'payment.savedCards.card')}</bdi>
            ) : (
              t('profile.autoTopups.cardRemoved')
            )}
          </span>
          <span className={paused ? 'text-destructive' : 'text-muted-foreground'} data-testid="auto-topup-state">
            {paused
              ? t(schedule.pausedReason === 'failures' ? 'profile.autoTopups.pausedFailures' : 'profile.autoTopups.paused')
              : t('profile.autoTopups.next', { date: next })}
          </span>
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
          {t('profile.autoTopups.edit')}
        </Button>
        {!paused && (
          <Button type="button" variant="outline" size="sm" disabled={change.isPending} onClick={() => act('skip')}>
            {t('profile.autoTopups.skip')}
          </Button>
        )}
        <Button type="button" variant="outline" size="sm" disabled={change.isPending} onClick={() => act(paused ? 'resume' : 'pause')}>
          {t(paused ? 'profile.autoTopups.resume' : 'profile.autoTopups.pause')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setDeleting(true)}>
          {t('profile.autoTopups.delete')}
        </Button>
      </div>
      <Dialog open={deleting} onOpenChange={setDeleting}>
        <DialogContent closeLabel={t('profile.autoTopups.form.cancel')} role="alertdialog">
          <DialogHeader>
            <DialogTitle>{t('profile.autoTopups.confirmTitle')}</DialogTitle>
            <DialogDescription>{t('profile.autoTopups.confirmBody')}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('profile.autoTopups.form.cancel')}
              </Button>
            </DialogClose>
            <Button type="button" variant="destructive" disabled={change.isPending} onClick={() => act('delete')}>
              {t('profile.autoTopups.delete')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** What "Top up automatically" (a saved recipient, an order) put in the address: the form opens filled with it. */
function useFormSource(): [AutoTopupFormSource | null, () => void] {
  const [params, setParams] = useSearchParams();
  const recipientId = params.get('autoTopupRecipient');
  const orderId = params.get('autoTopupOrder');
  const amount = params.get('amount') ?? undefined;
  const source = recipientId ? { recipientId } : orderId ? { orderId, ...(amount ? { amount } : {}) } : null;
  const clear = () =>
    setParams(
      (current) => {
        for (const key of ['autoTopupRecipient', 'autoTopupOrder', 'amount']) current.delete(key);
        return current;
      },
      { replace: true },
    );
  return [source, clear];
}

/** The profile's "Auto top-up" (ADR 068): the customer's schedules, each edited, paused or resumed, skipped or deleted; and a new one. */
export function AutoTopupsSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const schedules = useAutoTopups(userId);
  const [source, clearSource] = useFormSource();
  const [creating, setCreating] = useState(false);
  const open = creating || source !== null;
  useEffect(() => {
    if (source) document.getElementById(AUTO_TOPUPS_ANCHOR)?.scrollIntoView();
  }, [source]);
  return (
    <Card id={AUTO_TOPUPS_ANCHOR} role="region" aria-labelledby="auto-topups-title" className="scroll-mt-20" data-testid="auto-topups-section">
      <CardHeader>
        <CardTitle level={2} id="auto-topups-title">
          {t('profile.autoTopups.title')}
        </CardTitle>
        <CardDescription>{t('profile.autoTopups.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {schedules.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            {t('profile.autoTopups.loading')}
          </p>
        )}
        {schedules.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-destructive" role="alert">
              {t('profile.autoTopups.loadFailed')}
            </p>
            <Button variant="outline" size="sm" disabled={schedules.isFetching} onClick={() => void schedules.refetch()}>
              {t('profile.autoTopups.retry')}
            </Button>
          </div>
        )}
        {schedules.isSuccess &&
          (schedules.data.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="auto-topups-empty">
              {t('profile.autoTopups.empty')}
            </p>
          ) : (
            <ul className="flex flex-col gap-2" aria-labelledby="auto-topups-title">
              {schedules.data.map((schedule) => (
                <AutoTopupRow key={schedule.id} userId={userId} schedule={schedule} />
              ))}
            </ul>
          ))}
        {open ? (
          <AutoTopupForm
            key={JSON.stringify(source)}
            userId={userId}
            source={source ?? undefined}
            onDone={() => {
              setCreating(false);
              clearSource();
            }}
          />
        ) : (
          <div>
            <Button type="button" variant="outline" onClick={() => setCreating(true)} data-testid="auto-topup-new">
              {t('profile.autoTopups.new')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
