import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A table in a region of its own that scrolls sideways on a narrow screen, so the page around it does not; the region
 * is focusable (arrow keys scroll it) and named after the table.
 */
export function ScrollTable({
  label,
  children,
  minWidth = 'min-w-[48rem]',
  testId,
}: {
  label: string;
  children: ReactNode;
  minWidth?: string;
  testId?: string;
}) {
  return (
    // relative: what is positioned inside (visually hidden headers) scrolls with the table instead of widening the page.
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto rounded-xl border bg-card" data-testid={testId}>
      <table className={cn('w-full text-sm', minWidth)}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn('border-b px-3 py-2 text-start align-bottom text-xs font-semibold whitespace-nowrap text-muted-foreground', className)}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-top', className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b last:border-b-0 hover:bg-muted/50', className)} {...props} />;
}

/** A row's text when the list is empty. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-8 text-center text-muted-foreground" data-testid="admin-empty">
        {children}
      </td>
    </tr>
  );
}
