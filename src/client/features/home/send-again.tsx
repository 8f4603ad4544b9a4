import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SavedRecipient } from '@shared/api/recipients';
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
 * Repeats the recipient's last completed top-up: the review of the same number, operator and amount when that operator
 * still sells it (lib/repeat-top-up.ts, loaded on the first click so the home page's first screen stays within its
 * budget); otherwise the number alone, as the customer would type it, and the flow detects the operator.
 */
async function sendAgain(recipient: SavedRecipient, repeat: { queryClient: ReturnType<typeof useQueryClient>; navigate: (path: string) => void }) {
  const fillNumber = () => requestRecipientFill({ countryCode: recipient.countryCode, phone: recipient.nationalNumber });
  if (!recipient.lastTopUp) return fillNumber();
  const { findRepeatTarget } = await import('@/lib/repeat-top-up');
  const target = await findRepeatTarget(repeat.queryClient, {
    countryCode: recipient.countryCode,
    phone: recipient.nationalNumber,
    last: recipient.lastTopUp,
  });
  if (target.sameAmount) repeat.navigate(target.path);
  else fillNumber();
}

/**
 * 'Send again' on the home page (docs/product.md §11): the three recipients a signed-in customer topped up most
 * recently. One click opens the top-up flow beside it on the review of the same operator and amount (or fills the
 * number when those are no longer sold); the flow scrolls into view.
 */
export function SendAgain({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
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
                disabled={busy}
                onClick={() => {
                  setBusy(true);
                  void sendAgain(recipient, { queryClient, navigate })
                    .catch(() => requestRecipientFill({ countryCode: recipient.countryCode, phone: recipient.nationalNumber }))
                    .finally(() => {
                      setBusy(false);
                      document.getElementById(TOP_UP_SECTION_ID)?.scrollIntoView({ block: 'start' });
                    });
                }}
                className="flex max-w-full items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-sm font-medium shadow-sm transition-colors hover:bg-muted disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
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
