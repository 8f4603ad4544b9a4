import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { receiptEmailsQueryOptions, saveReceiptEmails, useReceiptEmails } from './profile-api';

/** "E-mail me receipts": a receipt when a top-up completes, fails or is refunded; saved at once, on the account. */
export function ReceiptEmailsSwitch({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { queryKey } = receiptEmailsQueryOptions(userId);
  const current = useReceiptEmails(userId);
  const save = useMutation({
    mutationFn: saveReceiptEmails,
    onMutate: (on) => {
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, on);
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      toast({ title: t('profile.receiptEmailsSaved') });
    },
    onError: (_error, _on, context) => {
      queryClient.setQueryData(queryKey, context?.before);
      toast({ title: t('profile.receiptEmailsFailed'), variant: 'destructive' });
    },
  });
  const on = current.data ?? true;
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          role="switch"
          id="profile-receipt-emails"
          aria-describedby="profile-receipt-emails-hint"
          className="peer sr-only"
          checked={on}
          disabled={current.isPending || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
          data-testid="receipt-emails-switch"
        />
        {/* The track and knob are drawn for the input beside them, which stays the control (and the focus) for every reader. */}
        <span
          aria-hidden="true"
          className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-input transition-colors peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-wait peer-disabled:opacity-60 after:absolute after:start-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-all peer-checked:after:start-[1.375rem]"
        />
        <span className="text-sm font-medium">{t('profile.receiptEmails')}</span>
      </label>
      <p id="profile-receipt-emails-hint" className="ms-14 text-sm text-muted-foreground">
        {t('profile.receiptEmailsHint')}
      </p>
    </div>
  );
}
