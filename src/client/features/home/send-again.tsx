import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@shared/constants';
import { flagUrl } from '@shared/flags';
import { describeRecipient } from '@/components/recipient-summary';
import { isLanguage } from '@/i18n';
import { requestRecipientFill } from '@/lib/recipient-fill';
import { useSavedRecipients } from '@/lib/saved-recipients';
import { TOP_UP_SECTION_ID } from './home-page';

/** How many recently topped-up recipients the home page offers. */
export const SEND_AGAIN_SHOWN = 3;

/**
 * 'Send again' on the home page (docs/product.md §11): the three recipients a signed-in customer topped up most
 * recently. One click fills the top-up flow beside it and detects the operator; the flow scrolls into view.
 */
export function SendAgain({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { data: recipients } = useSavedRecipients(userId);
  const recent = (recipients ?? []).filter((recipient) => recipient.lastToppedUpAt !== null).slice(0, SEND_AGAIN_SHOWN);
  if (recent.length === 0) return null;
  return (
    <section aria-labelledby="send-again-title" className="flex flex-col gap-2" data-testid="send-again">
      <h2 id="send-again-title" className="text-sm font-semibold">
        {t('recipients.sendAgain.title')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {recent.map((recipient) => {
          const { title, label } = describeRecipient(recipient, language);
          return (
            <li key={recipient.id} className="min-w-0 max-w-full">
              <button
                type="button"
                aria-label={t('recipients.sendAgain.label', { recipient: label })}
                onClick={() => {
                  requestRecipientFill({ countryCode: recipient.countryCode, phone: recipient.nationalNumber });
                  document.getElementById(TOP_UP_SECTION_ID)?.scrollIntoView({ block: 'start' });
                }}
                className="flex max-w-full items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-sm font-medium shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <img src={flagUrl(recipient.countryCode)} alt="" width={20} height={15} className="h-[15px] w-5 shrink-0 rounded-sm object-cover" />
                <bdi className="truncate">{title}</bdi>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
