import { cn } from '@/lib/utils';
import { isNothingCharged, type OrderSummary } from './order-format';

/** The order's total in USD, struck through when the card was never charged (or a top-up delivered after its hold was released, ADR 041) (the status says so in words). */
export function TotalPrice({ summary }: { summary: OrderSummary }) {
  const notCharged = isNothingCharged(summary.order.displayStatus) || summary.order.notCharged;
  return (
    <span dir="ltr" className={cn(notCharged && 'font-normal text-muted-foreground line-through')}>
      {summary.totalPrice}
    </span>
  );
}
