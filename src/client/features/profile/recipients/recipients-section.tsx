import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SavedRecipient } from '@shared/api/recipients';
import { RecipientPromotionNote } from '@/components/operator-offer';
import { describeRecipient, RecipientSummary } from '@/components/recipient-summary';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { autoTopupFormPath } from '@/lib/auto-topups';
import { intlLocale } from '@/lib/local-format';
import { useSavedRecipients } from '@/lib/saved-recipients';
import { useLanguage } from '../history/use-language';
import { AddRecipientForm } from './add-recipient-form';
import { DeleteRecipientDialog, RenameRecipientDialog } from './recipient-dialogs';

/** The id of the section, for links to the profile's recipients. */
export const RECIPIENTS_ANCHOR = 'recipients';

function RecipientRow({ userId, recipient }: { userId: string; recipient: SavedRecipient }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const { title } = describeRecipient(recipient, language);
  const lastTopUp = recipient.lastToppedUpAt
    ? t('recipients.lastTopUp', {
        date: new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(new Date(recipient.lastToppedUpAt)),
      })
    : t('recipients.neverToppedUp');
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-3" data-testid="saved-recipient">
      <RecipientSummary
        recipient={recipient}
        language={language}
        extra={
          <>
            {lastTopUp}
            <RecipientPromotionNote recipient={recipient} />
          </>
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={autoTopupFormPath({ recipientId: recipient.id })} data-testid="recipient-auto-topup">
            {t('recipients.autoTopUp')}
            <span className="sr-only">, {title}</span>
          </Link>
        </Button>
        <Button type="button" variant="outline" size="sm" aria-label={t('recipients.renameLabel', { title })} onClick={() => setDialog('rename')}>
          {t('recipients.rename')}
        </Button>
        <Button type="button" variant="outline" size="sm" aria-label={t('recipients.deleteLabel', { title })} onClick={() => setDialog('delete')}>
          {t('recipients.delete')}
        </Button>
      </div>
      <RenameRecipientDialog
        userId={userId}
        recipient={recipient}
        open={dialog === 'rename'}
        onOpenChange={(open) => setDialog(open ? 'rename' : null)}
      />
      <DeleteRecipientDialog
        userId={userId}
        recipient={recipient}
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
      />
    </li>
  );
}

/** The customer's saved recipients (docs/product.md §11): each with its last top-up, renamed or deleted here; and a form to add one. */
export function RecipientsSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const recipients = useSavedRecipients(userId);
  return (
    <Card id={RECIPIENTS_ANCHOR} role="region" aria-labelledby="recipients-title" className="scroll-mt-20" data-testid="recipients-section">
      <CardHeader>
        <CardTitle level={2} id="recipients-title">
          {t('recipients.title')}
        </CardTitle>
        <CardDescription>{t('recipients.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {recipients.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            {t('recipients.loading')}
          </p>
        )}
        {recipients.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-destructive" role="alert">
              {t('recipients.loadFailed')}
            </p>
            <Button variant="outline" size="sm" disabled={recipients.isFetching} onClick={() => void recipients.refetch()}>
              {t('recipients.retry')}
            </Button>
          </div>
        )}
        {recipients.isSuccess &&
          (recipients.data.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="recipients-empty">
              {t('recipients.empty')}
            </p>
          ) : (
            <ul className="flex flex-col gap-2" aria-labelledby="recipients-title">
              {recipients.data.map((recipient) => (
                <RecipientRow key={recipient.id} userId={userId} recipient={recipient} />
              ))}
            </ul>
          ))}
        <AddRecipientForm userId={userId} />
      </CardContent>
    </Card>
  );
}
