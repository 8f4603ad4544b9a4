import { useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@shared/constants';
import { NativeSelect } from '@/components/ui/input';
import { changeLanguage, isLanguage } from '@/i18n';

const STEPPING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The interface language, each offered in its own name; the choice is remembered. A choice from the open list (or a
 * pointer) applies at once; an arrow key on the closed select only steps through the names, and Enter (or leaving the
 * select) applies the one shown, so the page does not switch language under a keyboard user at every key press.
 */
export function LanguageSelect(props: Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children' | 'onKeyDown' | 'onBlur'>) {
  const { t, i18n } = useTranslation();
  const [stepped, setStepped] = useState<string | null>(null);
  // Set between an arrow key's keydown and keyup: the change it causes is a step, not a choice.
  const stepping = useRef(false);
  const apply = (value: string | null) => {
    setStepped(null);
    if (isLanguage(value) && value !== i18n.language) void changeLanguage(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (STEPPING_KEYS.has(event.key) && !event.altKey) stepping.current = true;
    else if (event.key === 'Enter' && stepped !== null) {
      event.preventDefault();
      apply(stepped);
    }
  };
  return (
    <NativeSelect
      value={stepped ?? i18n.language}
      onKeyDown={onKeyDown}
      onKeyUp={() => (stepping.current = false)}
      onBlur={() => stepped !== null && apply(stepped)}
      onChange={(event) => (stepping.current ? setStepped(event.target.value) : apply(event.target.value))}
      {...props}
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(`language.${language}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
