import { lazy, Suspense, type ComponentProps } from 'react';

const Summary = lazy(() => import('./recipient-summary').then((module) => ({ default: module.RecipientSummary })));

/**
 * The recipient shown on the amount and review steps. It formats the number with libphonenumber, whose metadata (about
 * 30 kB) is loaded with these steps rather than with the first screen, which shows no number (ADR 016).
 */
export function LazyRecipientSummary(props: ComponentProps<typeof Summary>) {
  return (
    <Suspense fallback={<div className="h-12" aria-hidden="true" />}>
      <Summary {...props} />
    </Suspense>
  );
}
