import { Label } from '@/components/ui/input';

interface CheckOptionProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  /** A line under the label saying what it does. */
  hint: string;
  testId: string;
  /** Drawn in a bordered box of its own (a switch among a form's fields) rather than in a group's. */
  boxed?: boolean;
}

/** A tick box with its label and a line under it saying what it does (a settings switch, a Reject's option). */
export function CheckOption({ id, checked, onChange, label, hint, testId, boxed = false }: CheckOptionProps) {
  return (
    <div className={boxed ? 'flex items-start gap-3 rounded-lg border p-3' : 'flex items-start gap-2'}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4 shrink-0 accent-[var(--color-primary)]"
        data-testid={testId}
      />
      <div className="flex flex-col gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
