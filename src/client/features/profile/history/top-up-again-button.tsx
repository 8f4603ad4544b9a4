import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderView } from '@shared/api/orders';
import { Button } from '@/components/ui/button';
import { findRepeatTarget } from '@/lib/repeat-top-up';
import { toast } from '@/lib/toast';

/**
 * Opens the top-up flow on the review of the same number, the operator chosen for this order and its amount
 * (lib/repeat-top-up.ts); when that operator is gone or no longer sells the amount, on the number, with a toast saying so.
 */
export function TopUpAgainButton({ order, recipient, className }: { order: OrderView; recipient: string; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);

  const onClick = async () => {
    setChecking(true);
    const last = { operatorId: order.operatorId, amount: order.amount };
    const target = await findRepeatTarget(queryClient, { countryCode: order.countryCode, phone: order.recipientPhone, last });
    setChecking(false);
    if (!target.sameAmount) toast({ title: t('history.chooseAgainTitle'), description: t('history.chooseAgainBody') });
    navigate(target.path);
  };

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className={className}
      disabled={checking}
      onClick={() => void onClick()}
      data-testid="top-up-again"
    >
      {checking ? t('history.checkingOperator') : t('history.topUpAgain')}
      <span className="sr-only">, {recipient}</span>
    </Button>
  );
}
