import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface DescriptionRowProps {
  label: string;
  testId: string;
  /** A total: bold, with a rule above it. */
  strong?: boolean;
  /** Rows of a list that spaces them itself (`gap-*` on the <dl>). */
  dense?: boolean;
  /** Amounts read left to right in every language. */
  ltr?: boolean;
  /** Identifiers: small monospace that may break anywhere. */
  code?: boolean;
  children: ReactNode;
}

/** One label and value of a summary list (<dl>): the label muted at the start, the value at the end. */
export function DescriptionRow({ label, testId, strong, dense, ltr, code, children }: DescriptionRowProps) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4', !dense && 'py-2', strong && 'border-t pt-3 text-base font-bold')}>
      <dt className={cn('shrink-0', !strong && 'text-muted-foreground')}>{label}</dt>
      <dd dir={ltr ? 'ltr' : undefined} className={cn('min-w-0 break-words text-end', code && 'break-all font-mono text-xs')} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
