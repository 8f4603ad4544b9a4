import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@shared/api/catalog';
import { DROPDOWN_CLOSE_DELAY_MS } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { searchCountries, type CountryEntry } from '../lib/country-list';
import { Flag, LazyFlag } from './flag';

interface CountryPickerProps {
  entries: CountryEntry[] | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry(): void;
  /** Name of the chosen country, shown in the box until it is focused again. */
  selectedLabel: string | null;
  selectedFlag: string | null;
  onPick(country: Country): void;
  onClear(): void;
  inputRef: Ref<HTMLInputElement>;
}

/** Searchable country list following the WAI-ARIA 1.2 combobox pattern (docs/product.md §2 Country picker). */
export function CountryPicker({ entries, status, onRetry, selectedLabel, selectedFlag, onPick, onClear, inputRef }: CountryPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [listElement, setListElement] = useState<HTMLUListElement | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const matches = useMemo(() => (entries ? searchCountries(entries, search) : []), [entries, search]);
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeId = open && active >= 0 && matches[active] ? optionId(active) : undefined;

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const openList = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (entry: CountryEntry) => {
    setSearch('');
    close();
    onPick(entry.country);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        openList();
        if (matches.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current < 0 ? (step > 0 ? 0 : matches.length - 1) : (current + step + matches.length) % matches.length));
        return;
      }
      case 'Enter': {
        const entry = open ? matches[active] : undefined;
        if (open) event.preventDefault();
        if (entry) choose(entry);
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        return;
    }
  };

  let message: string | null = null;
  if (status === 'pending') message = t('topup.country.loading');
  else if (status === 'error') message = t('topup.country.loadFailed');
  else if (entries?.length === 0) message = t('topup.country.noneAvailable');
  else if (matches.length === 0) message = t('topup.country.noMatch');

  return (
    <div className="relative flex flex-col gap-2">
      <Label htmlFor={`${id}-input`}>{t('topup.country.label')}</Label>
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-muted-foreground">
          {selectedFlag ? <Flag src={selectedFlag} /> : <Icon name="globe" className="size-4" />}
        </span>
        <Input
          ref={inputRef}
          id={`${id}-input`}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          autoComplete="off"
          placeholder={t('topup.country.placeholder')}
          className="ps-11"
          value={selectedLabel ?? search}
          onFocus={() => {
            if (selectedLabel !== null) onClear();
            openList();
          }}
          onChange={(event) => {
            if (selectedLabel !== null) onClear();
            setSearch(event.target.value);
            setActive(0);
            openList();
          }}
          onBlur={() => {
            closeTimer.current = setTimeout(close, DROPDOWN_CLOSE_DELAY_MS);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div hidden={!open} className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border bg-card shadow-lg">
        {message && (
          <div role="status" className="flex items-center gap-3 px-3 py-3 text-sm text-muted-foreground">
            {status === 'pending' && <span className="size-4 animate-spin rounded-full border-2 border-muted border-t-primary" aria-hidden="true" />}
            <span className="flex-1">{message}</span>
            {status === 'error' && (
              <Button type="button" size="sm" variant="outline" onMouseDown={(event) => event.preventDefault()} onClick={onRetry}>
                {t('common.tryAgain')}
              </Button>
            )}
          </div>
        )}
        <ul ref={setListElement} id={listId} role="listbox" aria-label={t('topup.country.listLabel')} className="max-h-60 overflow-y-auto">
          {open &&
            matches.map((entry, index) => (
              <li
                key={entry.country.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm',
                  index === active && 'bg-muted outline-2 -outline-offset-2 outline-ring',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(entry)}
              >
                <LazyFlag src={entry.flag} root={listElement} />
                {/* Wrapped, not cut: a long name reads whole on a phone in every language. */}
                <span className="min-w-0 flex-1 break-words">{entry.label}</span>
                {entry.phoneCode && (
                  <span dir="ltr" className="text-muted-foreground">
                    {entry.phoneCode}
                  </span>
                )}
              </li>
            ))}
        </ul>
      </div>
    </div>
  );
}
