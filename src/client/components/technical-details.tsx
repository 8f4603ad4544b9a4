import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * The long identifiers of an order (its id, the payment's reference, the provider's transaction) folded away under
 * "Technical details": support may ask for them, the customer reads the short reference instead.
 */
export function TechnicalDetails({
  summary,
  testId,
  className,
  children,
}: {
  summary: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <details className={cn('w-full text-start text-sm', className)} data-testid={testId}>
      <summary className="cursor-pointer rounded-sm py-1 font-medium text-muted-foreground hover:text-foreground">{summary}</summary>
      <dl className="flex flex-col divide-y">{children}</dl>
    </details>
  );
}
