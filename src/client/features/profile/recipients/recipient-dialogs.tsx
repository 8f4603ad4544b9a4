import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { recipientNameSchema, RECIPIENT_NAME_MAX_LENGTH, type SavedRecipient } from '@shared/api/recipients';
import { describeRecipient } from '@/components/recipient-summary';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-error-text';
import { useDeleteRecipient, useRenameRecipient } from '@/lib/saved-recipients';
import { toast } from '@/lib/toast';
import { useLanguage } from '../history/use-language';

interface RecipientDialogProps {
  userId: string;
  recipient: SavedRecipient;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Names a recipient ("Mum"): trimmed, at most 40 characters; an empty name removes it. */
export function RenameRecipientDialog({ userId, recipient, open, onOpenChange }: RecipientDialogProps) {
  const { t } = useTranslation();
  const rename = useRenameRecipient(userId);
  const [name, setName] = useState(recipient.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = recipientNameSchema.safeParse(name);
    if (!checked.success) {
      setError(t(checked.error.issues[0]!.message));
      return;
    }
    rename.mutate(
      { id: recipient.id, name },
      {
        onSuccess: () => {
          toast({ title: t('recipients.renamed') });
          onOpenChange(false);
        },
        onError: (failure) => setError(apiErrorText(t, failure)),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setName(recipient.name ?? '');
          setError(undefined);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t('recipients.close')}>
        <DialogHeader>
          <DialogTitle>{t('recipients.renameTitle')}</DialogTitle>
          <DialogDescription>{t('recipients.renameDescription', { max: RECIPIENT_NAME_MAX_LENGTH })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="rename-recipient-name">{t('recipients.nameLabel')}</Label>
            <Input
              id="rename-recipient-name"
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'rename-recipient-name-error' : undefined}
            />
            <FieldError id="rename-recipient-name-error">{error}</FieldError>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('recipients.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={rename.isPending}>
              {t('recipients.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Asks before a recipient is deleted; past top-ups to it stay in the history. */
export function DeleteRecipientDialog({ userId, recipient, open, onOpenChange }: RecipientDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const remove = useDeleteRecipient(userId);
  const { label } = describeRecipient(recipient, language);
  const confirm = () =>
    remove.mutate(recipient.id, {
      onSuccess: () => {
        toast({ title: t('recipients.deleted') });
        onOpenChange(false);
      },
      onError: (failure) => toast({ title: t('recipients.saveFailed'), description: apiErrorText(t, failure), variant: 'destructive' }),
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('recipients.close')} role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('recipients.deleteTitle')}</DialogTitle>
          <DialogDescription>{t('recipients.deleteDescription', { recipient: label })}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('recipients.cancel')}
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {t('recipients.delete')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
