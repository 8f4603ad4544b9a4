import type { ClipboardEvent, ComponentProps, KeyboardEvent } from 'react';
import { digitsOnly } from '@shared/phone-rules';
import { Input } from '@/components/ui/input';

/** Keys that edit or move without typing a character (docs/product.md §5: only digits go in). */
const EDITING_KEYS = new Set(['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Tab', 'Home', 'End', 'Enter']);

function allowKey(event: KeyboardEvent<HTMLInputElement>) {
  const { key } = event;
  // Android keyboards and IMEs report every key as Unidentified/Process; onChange strips what they insert.
  if (/^\d$/.test(key) || EDITING_KEYS.has(key) || key === 'Unidentified' || key === 'Process') return;
  if (event.ctrlKey || event.metaKey) return;
  event.preventDefault();
}

type PhoneInputProps = Omit<ComponentProps<'input'>, 'onChange' | 'value'> & { value: string; onValueChange(digits: string): void };

/** A national phone number: digits only, typed or pasted. */
export function PhoneInput({ value, onValueChange, ...props }: PhoneInputProps) {
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const pasted = digitsOnly(event.clipboardData.getData('text'));
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    onValueChange(value.slice(0, start) + pasted + value.slice(end));
  };
  return (
    <Input
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      dir="ltr"
      value={value}
      onKeyDown={allowKey}
      onPaste={onPaste}
      onChange={(event) => onValueChange(digitsOnly(event.target.value))}
      {...props}
    />
  );
}
