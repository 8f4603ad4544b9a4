import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorInfo } from '@shared/api/catalog';
import { AMOUNT_PAGE_SIZE } from '@shared/constants';
import type { PriceOf } from '../lib/amounts';
import { promotionForAmount } from '@shared/promotions';
import { Button } from '@/components/ui/button';
import { useRunningPromotions } from '@/lib/promotions';
import { amountOptions, formatUsdCents, theyGetText, type AmountOption } from '../lib/amounts';
import type { SelectedCountry } from '../lib/country-selection';
import { useFocusOnMount } from '../use-focus-on-mount';
import { useUiLanguage } from '../use-ui-language';
import { AmountCard } from './amount-card';
import { CustomAmount } from './custom-amount';
import { LazyRecipientSummary } from './lazy-recipient-summary';
import { OperatorPicker } from './operator-picker';

interface AmountStepProps {
  country: SelectedCountry;
  phone: string;
  operator: OperatorInfo;
  /** The price of an amount, fees included, as the review prices it (top-up-flow.tsx); null while the fees load. */
  priceOf: PriceOf | null;
  /** The amount chosen before, when coming back from the review. */
  chosen: AmountOption | null;
  onSendNow(amount: AmountOption): void;
  onChangeNumber(): void;
  /** Another operator of the country, when the detected one is wrong (ADR 055). */
  onChooseOperator(operator: OperatorInfo): void;
}

/** Step 3: the amount cards, five at a time, and a free amount for RANGE operators (docs/product.md §2). */
export function AmountStep({ country, phone, operator, priceOf, chosen, onSendNow, onChangeNumber, onChooseOperator }: AmountStepProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const options = useMemo(() => amountOptions(operator), [operator]);
  const promotions = useRunningPromotions(operator.country.isoName);
  const [changingOperator, setChangingOperator] = useState(false);
  const [highlighted, setHighlighted] = useState<number | null>(chosen?.usdCents ?? null);
  const [shown, setShown] = useState(() => {
    const chosenIndex = options.findIndex((option) => option.usdCents === chosen?.usdCents);
    return Math.max(AMOUNT_PAGE_SIZE, Math.ceil((chosenIndex + 1) / AMOUNT_PAGE_SIZE) * AMOUNT_PAGE_SIZE);
  });

  return (
    <section aria-labelledby="amount-step-title" className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-3 rounded-xl bg-muted p-3">
        <LazyRecipientSummary country={country} phone={phone} operatorName={operator.name} />
        <Button type="button" variant="link" size="sm" className="shrink-0 px-0" onClick={onChangeNumber}>
          {t('topup.amount.changeNumber')}
        </Button>
      </div>
      {changingOperator ? (
        <OperatorPicker
          countryCode={country.code}
          current={operator}
          onChoose={(next) => {
            setChangingOperator(false);
            if (next.operatorId !== operator.operatorId) onChooseOperator(next);
          }}
          onCancel={() => setChangingOperator(false)}
        />
      ) : (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="self-start px-0"
          onClick={() => setChangingOperator(true)}
          data-testid="change-operator"
        >
          {t('topup.operator.change', { name: operator.name })}
        </Button>
      )}
      <h3 id="amount-step-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {t('topup.amount.title')}
      </h3>
      {options.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('topup.amount.none')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3">
          {options.slice(0, shown).map((option) => (
            <AmountCard
              key={option.usdCents}
              theyGet={theyGetText(option, operator, language, t)}
              youPay={formatUsdCents(option.usdCents)}
              total={priceOf && formatUsdCents(priceOf(option.usdCents).totalCents)}
              promotion={promotionForAmount(promotions, operator.operatorId, option.usdCents, new Date())?.title ?? null}
              selected={highlighted === option.usdCents}
              onSelect={() => setHighlighted(option.usdCents)}
              onSendNow={() => onSendNow(option)}
            />
          ))}
        </ul>
      )}
      {shown < options.length && (
        <Button type="button" variant="outline" onClick={() => setShown((count) => count + AMOUNT_PAGE_SIZE)}>
          {t('topup.amount.showMore')}
        </Button>
      )}
      {operator.denominationType === 'RANGE' && <CustomAmount operator={operator} priceOf={priceOf} onSendNow={onSendNow} />}
    </section>
  );
}
