import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { RecipientPromotionNote } from '@/components/operator-offer';
import { RecipientSummary } from '@/components/recipient-summary';
import type { RecipientFill } from '@/lib/recipient-fill';
import { useSavedRecipients } from '@/lib/saved-recipients';
import { useUiLanguage } from '../use-ui-language';

/** How many saved recipients the step offers before 'Show all'. */
export const RECIPIENT_PICKS_SHOWN = 5;

interface SavedRecipientPicksProps {
  userId: string;
  /** While a detection runs, another pick waits. */
  disabled: boolean;
  onPick(fill: RecipientFill): void;
}

/**
 * A signed-in customer's saved recipients on the recipient step, most recent first: one click fills the country and
 * number and detects the operator (docs/product.md §11). Nothing shows until they are loaded, or when there are none.
 */
export function SavedRecipientPicks({ userId, disabled, onPick }: SavedRecipientPicksProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const { data: recipients } = useSavedRecipients(userId);
  const [showAll, setShowAll] = useState(false);
  if (!recipients?.length) return null;
  const shown = showAll ? recipients : recipients.slice(0, RECIPIENT_PICKS_SHOWN);
  return (
    <section aria-labelledby="saved-recipient-picks-title" className="flex flex-col gap-2" data-testid="saved-recipient-picks">
      <h3 id="saved-recipient-picks-title" className="text-sm font-semibold">
        {t('recipients.picks.title')}
      </h3>
      <ul id="saved-recipient-picks-list" className="flex flex-col gap-2">
        {shown.map((recipient) => (
          <li key={recipient.id}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick({ countryCode: recipient.countryCode, phone: recipient.nationalNumber })}
              className="flex w-full items-center rounded-lg border bg-card px-3 py-2 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50"
            >
              <RecipientSummary recipient={recipient} language={language} extra={<RecipientPromotionNote recipient={recipient} />} />
            </button>
          </li>
        ))}
      </ul>
      {recipients.length > RECIPIENT_PICKS_SHOWN && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="self-start px-0"
          aria-expanded={showAll}
          aria-controls="saved-recipient-picks-list"
          onClick={() => setShowAll((all) => !all)}
        >
          {showAll ? t('recipients.picks.showFewer') : t('recipients.picks.showAll', { count: recipients.length })}
        </Button>
      )}
    </section>
  );
}
