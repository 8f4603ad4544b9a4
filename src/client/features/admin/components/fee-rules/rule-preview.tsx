import { useTranslation } from 'react-i18next';
import type { FeeRuleOperator } from '@shared/api/admin-fee-rules';
import { commissionHundredths, marginOf } from '@shared/corridor-margin';
import { priceTopUp, type FeeConfig } from '@shared/pricing';
import { cn } from '@/lib/utils';
import { formatCents } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { ScrollTable, Td, Th, Tr } from '../table';

/** One operator's preview shows its lowest amounts; a whole country's shows each operator's ends, where the margin is lowest. */
const AMOUNTS_OF_ONE_OPERATOR = 4;

function shownAmounts(amountsCents: readonly number[], operators: number): readonly number[] {
  if (operators === 1) return amountsCents.slice(0, AMOUNTS_OF_ONE_OPERATOR);
  return amountsCents.length <= 2 ? amountsCents : [amountsCents[0]!, amountsCents[amountsCents.length - 1]!];
}

interface RulePreviewProps {
  operators: readonly FeeRuleOperator[];
  /** What each operator is priced with now. */
  currentFees: (operator: FeeRuleOperator) => FeeConfig;
  /** The fees typed; null while one is not a valid value. */
  next: FeeConfig | null;
}

/**
 * What customers would pay with the fees typed, beside what they pay now, and what each sale leaves us at the
 * operator's commission less the card fee (the same figures the server refuses a rule below cost with).
 */
export function RulePreview({ operators, currentFees, next }: RulePreviewProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (cents: number) => <span dir="ltr">{formatCents(cents, language)}</span>;
  const rows = operators.flatMap((operator) =>
    shownAmounts(operator.amountsCents, operators.length).map((amountCents) => ({ operator, amountCents })),
  );
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t('admin.corridors.preview')}</h3>
      <ScrollTable label={t('admin.corridors.previewTable')} minWidth="min-w-[36rem]" testId="fee-rule-preview">
        <thead>
          <tr>
            <Th>{t('admin.corridors.operator')}</Th>
            <Th>{t('admin.settings.pricing.amount')}</Th>
            <Th>{t('admin.settings.pricing.now')}</Th>
            <Th>{t('admin.settings.pricing.new')}</Th>
            <Th>{t('admin.corridors.margin')}</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ operator, amountCents }) => {
            const margin = next ? marginOf(amountCents, next, commissionHundredths(operator.commissionPercent) ?? 0) : null;
            return (
              <Tr key={`${operator.operatorId}-${amountCents}`} data-testid="fee-rule-preview-row">
                <Td>
                  <bdi>{operator.name}</bdi>
                  <span className="block text-xs text-muted-foreground">
                    {t('admin.corridors.commission', { percent: operator.commissionPercent })}
                  </span>
                </Td>
                <Td className="tabular-nums">{money(amountCents)}</Td>
                <Td className="tabular-nums">{money(priceTopUp(amountCents, currentFees(operator)).totalCents)}</Td>
                <Td className="font-medium tabular-nums" data-testid="fee-rule-preview-new">
                  {margin ? money(margin.price.totalCents) : t('admin.common.none')}
                </Td>
                <Td
                  className={cn('tabular-nums', margin && margin.marginCents < 0 && 'font-semibold text-destructive')}
                  data-testid="fee-rule-preview-margin"
                >
                  {margin ? (
                    <>
                      {money(margin.marginCents)}
                      {margin.marginCents < 0 && <span className="block text-xs">{t('admin.corridors.belowCost')}</span>}
                    </>
                  ) : (
                    t('admin.common.none')
                  )}
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </ScrollTable>
    </div>
  );
}
