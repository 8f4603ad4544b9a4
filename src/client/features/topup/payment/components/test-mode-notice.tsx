import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { keepLeftToRight } from '../lib/bidi';
import { useUiLanguage } from '../../use-ui-language';

/** Stripe's and the sandbox's test cards, one that pays and one that is declined, never broken across lines. */
const TEST_CARDS = { success: '4242\u00a04242\u00a04242\u00a04242', declined: '4000\u00a00000\u00a00000\u00a00002' };

/** Shown only in test mode (docs/product.md §2 step 5): no real money moves, and which cards to try. */
export function TestModeNotice() {
  const { t } = useTranslation();
  const language = useUiLanguage();
  return (
    <div
      className="flex gap-3 rounded-lg border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="test-mode-notice"
    >
      <Icon name="triangle-alert" className="mt-0.5 size-4" />
      <p>
        <strong className="font-semibold">{t('payment.testMode.title')}</strong>{' '}
        {t('payment.testMode.body', {
          success: keepLeftToRight(TEST_CARDS.success, language),
          declined: keepLeftToRight(TEST_CARDS.declined, language),
        })}
      </p>
    </div>
  );
}
