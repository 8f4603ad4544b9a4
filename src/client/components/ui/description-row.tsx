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

/**
 * One label and value of a summary list (<dl>): the label muted at the start, the value at the end, or under the label
 * when both do not fit on one line (a long label on a phone), so neither is squeezed to a letter a line.
 */
export function DescriptionRow({ label, testId, strong, dense, ltr, code, children }: DescriptionRowProps) {
  return (
    <div
      className={cn('flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1', !dense && 'py-2', strong && 'border-t pt-3 text-base font-bold')}
    >
      <dt className={cn('min-w-0 max-w-full break-words', !strong && 'text-muted-foreground')}>{label}</dt>
      <dd
        dir={ltr ? 'ltr' : undefined}
        className={cn('ms-auto min-w-0 max-w-full break-words text-end', code && 'break-all font-mono text-xs')}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}
