import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderView } from '@shared/api/orders';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useDetectOperator } from '@/lib/operator-detection';
import { topUpAgainTarget } from './top-up-again';

/** Detects the number's operator again and opens the top-up flow on the review of the same amount (docs/product.md §2 restore). */
export function TopUpAgainButton({ order, recipient, className }: { order: OrderView; recipient: string; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detection = useDetectOperator({ fresh: true });

  const onClick = () => {
    detection.mutate(
      { phone: order.recipientPhone, countryCode: order.countryCode },
      {
        onSettled: (operator) => {
          const target = topUpAgainTarget(order, operator ?? null);
          if (!target.sameAmount) toast({ title: t('history.chooseAgainTitle'), description: t('history.chooseAgainBody') });
          navigate(target.path);
        },
      },
    );
  };

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className={className}
      disabled={detection.isPending}
      onClick={onClick}
      data-testid="top-up-again"
    >
      {detection.isPending ? t('history.checkingOperator') : t('history.topUpAgain')}
      <span className="sr-only">, {recipient}</span>
    </Button>
  );
}
