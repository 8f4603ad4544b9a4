import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@shared/constants';
import { NativeSelect } from '@/components/ui/input';
import { changeLanguage, isLanguage } from '@/i18n';

/** The interface language, each offered in its own name; the choice applies at once and is remembered. */
export function LanguageSelect(props: Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children'>) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect value={i18n.language} onChange={(event) => isLanguage(event.target.value) && void changeLanguage(event.target.value)} {...props}>
      {SUPPORTED_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(`language.${language}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
