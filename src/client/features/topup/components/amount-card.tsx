import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface AmountCardProps {
  theyGet: string;
  youPay: string;
  /** What the review will ask, fees included, from the same pricing as the review and the server; null while the fees load. */
  total: string | null;
  /** The title of the operator's promotion for this amount, as the provider wrote it (ADR 069); null when none. */
  promotion?: string | null;
  selected: boolean;
  onSelect(): void;
  onSendNow(): void;
}

/** One suggested amount; choosing it reveals its Send Now button (docs/product.md §2 step 3). */
export function AmountCard({ theyGet, youPay, total, promotion = null, selected, onSelect, onSendNow }: AmountCardProps) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="amount-card"
      className={cn(
        'flex flex-col rounded-xl border bg-card transition-colors',
        selected ? 'border-primary ring-2 ring-primary/30' : 'hover:bg-muted',
      )}
    >
      <button type="button" aria-pressed={selected} onClick={onSelect} className="flex flex-col gap-0.5 rounded-xl p-3 text-start">
        <span className="text-xs text-muted-foreground">{t('topup.amount.theyGet')}</span>
        <span dir="auto" className="text-base font-bold break-words" data-testid="they-get">
          {theyGet}
        </span>
        {promotion && (
          <span className="mt-1 flex flex-col gap-0.5 rounded-md bg-muted px-2 py-1 text-xs" data-testid="amount-promotion">
            <span className="font-semibold">{t('promotions.label')}</span>
            <span dir="auto" className="break-words">
              {promotion}
            </span>
          </span>
        )}
        <span className="mt-1 text-xs text-muted-foreground">{t('topup.amount.youPay')}</span>
        <span dir="ltr" className="self-start font-semibold text-primary" data-testid="you-pay">
          {youPay}
        </span>
        <span className="mt-1 text-xs text-muted-foreground" data-testid="card-total">
          {total === null ? (
            <span aria-hidden="true">…</span>
          ) : (
            <>
              <span title={t('topup.amount.totalWithFees')}>{t('topup.amount.total')}</span>{' '}
              <bdi className="font-semibold text-foreground">{total}</bdi>
            </>
          )}
        </span>
      </button>
      {selected && (
        <div className="px-3 pb-3">
          <Button type="button" size="sm" className="w-full" onClick={onSendNow}>
            {t('topup.amount.sendNow')}
          </Button>
        </div>
      )}
    </li>
  );
}
