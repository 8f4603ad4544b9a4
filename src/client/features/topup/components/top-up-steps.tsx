import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/utils';
import type { FlowStep } from '../lib/flow-state';

export const TOP_UP_STEPS = ['recipient', 'amount', 'review', 'payment', 'done'] as const;
export type TopUpStep = (typeof TOP_UP_STEPS)[number];

/** Where each view state sits on the progress bar: creating the intent is part of Payment; the result is Done. */
const PROGRESS_STEP: Record<FlowStep, TopUpStep> = {
  recipient: 'recipient',
  amount: 'amount',
  review: 'review',
  processing: 'payment',
  payment: 'payment',
  summary: 'done',
};

/** The progress bar of the top-up flow: Recipient, Amount, Review, Payment, Done (docs/product.md §2 step labels). */
export function TopUpSteps({ current }: { current: FlowStep }) {
  const { t } = useTranslation();
  const currentIndex = TOP_UP_STEPS.indexOf(PROGRESS_STEP[current]);
  return (
    <ol aria-label={t('steps.progress')} className="flex items-start justify-between gap-1">
      {TOP_UP_STEPS.map((step, index) => {
        const done = index < currentIndex;
        const active = index === currentIndex;
        return (
          <li key={step} aria-current={active ? 'step' : undefined} className="flex flex-1 flex-col items-center gap-2 text-center">
            <span
              className={cn(
                'flex size-9 items-center justify-center rounded-full border-2 text-sm font-bold',
                active && 'border-primary bg-primary text-primary-foreground',
                done && 'border-primary bg-accent text-accent-foreground',
                !active && !done && 'border-input text-muted-foreground',
              )}
            >
              {done ? <Icon name="check" /> : index + 1}
            </span>
            <span className={cn('text-xs font-medium', active ? 'text-foreground' : 'text-muted-foreground')}>{t(`steps.${step}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}
