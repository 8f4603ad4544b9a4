import { useTranslation } from 'react-i18next';
import type { OperatorPromotion } from '@shared/api/promotions';
import type { SavedRecipient } from '@shared/api/recipients';
import type { Language } from '@shared/constants';
import { operatorPromotions } from '@shared/promotions';
import { Icon } from '@/components/ui/icon';
import { formatPromotionDate, useRunningPromotions } from '@/lib/promotions';

/**
 * The operator's promotions on the review (ADR 069): labelled as the operator's offer, its texts as the provider gave
 * them (plain text, each isolated with dir="auto" so an Arabic page does not reorder them), its dates in the reader's
 * language and time zone.
 */
export function OperatorOffer({ promotions, language, timeZone }: { promotions: OperatorPromotion[]; language: Language; timeZone?: string }) {
  const { t } = useTranslation();
  if (promotions.length === 0) return null;
  return (
    <section
      aria-labelledby="operator-offer-title"
      className="flex flex-col gap-3 rounded-xl border border-primary/40 p-3"
      data-testid="operator-offer"
    >
      <h4 id="operator-offer-title" className="flex items-center gap-2 text-sm font-semibold">
        <Icon name="zap" className="size-4 text-primary" />
        {t('promotions.offer.title')}
      </h4>
      <p className="text-xs text-muted-foreground">{t('promotions.offer.note')}</p>
      {promotions.map((promotion) => (
        <div key={promotion.promotionId} className="flex flex-col gap-1 text-sm" data-testid="operator-offer-promotion">
          <p dir="auto" className="font-semibold break-words" data-testid="operator-offer-heading">
            {promotion.title2 ? `${promotion.title2} · ${promotion.title}` : promotion.title}
          </p>
          {promotion.description && (
            <p dir="auto" className="break-words" data-testid="operator-offer-description">
              {promotion.description}
            </p>
          )}
          {promotion.denominations && (
            <p className="text-xs text-muted-foreground">
              {t('promotions.offer.amounts')} <bdi dir="auto">{promotion.denominations}</bdi>
            </p>
          )}
          <p className="text-xs text-muted-foreground" data-testid="operator-offer-dates">
            {t('promotions.offer.dates', {
              start: formatPromotionDate(promotion.startsAt, language, timeZone),
              end: formatPromotionDate(promotion.endsAt, language, timeZone),
            })}
          </p>
        </div>
      ))}
    </section>
  );
}

/** A saved recipient's note (ADR 069): their operator has a promotion running now, in the provider's words. */
export function RecipientPromotionNote({ recipient }: { recipient: Pick<SavedRecipient, 'countryCode' | 'operatorId'> }) {
  const { t } = useTranslation();
  const [first] = operatorPromotions(
    useRunningPromotions(recipient.operatorId === null ? undefined : recipient.countryCode),
    recipient.operatorId,
    new Date(),
  );
  if (!first) return null;
  return (
    <span className="flex items-center gap-1 text-xs font-medium text-primary" data-testid="recipient-promotion">
      <Icon name="zap" className="size-3.5" />
      <span>
        {t('promotions.label')}: <bdi dir="auto">{first.title}</bdi>
      </span>
    </span>
  );
}
