/** A step that is waiting: a spinner and what it waits for, announced to screen readers. */
export function BusyStep({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-60 flex-col items-center justify-center gap-4 text-center text-sm text-muted-foreground">
      <span className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      {label}
    </div>
  );
}
