import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSettings } from '@shared/api/account';
import type { Theme } from '@shared/constants';
import { changeLanguage, currentLanguage } from '@/i18n';
import { apiRequest } from '@/lib/api-client';
import { useTheme } from '@/lib/theme';
import { toast } from '@/lib/toast';

/**
 * For a signed-in user: applies the language and theme saved on the server (so they follow the user to any device),
 * then saves each change the user makes (docs/product.md §4: the theme is saved only for signed-in users).
 * `shownAtStart` is what the page showed when the user became known: what differs from it when the account's settings
 * arrive is the user's change, even one made before this code had loaded.
 */
export function SettingsSync({ userId, shownAtStart }: { userId: string; shownAtStart: { theme: Theme; language: string } }) {
  const { t, i18n } = useTranslation();
  const { theme, setTheme } = useTheme();
  const saved = useRef<UserSettings | null>(null);
  const shown = useRef({ theme, language: i18n.language });
  // Read at the time of a failure: `t` changes whenever a namespace loads, which must not restart the sync below.
  const translate = useRef(t);
  // Declared first, so the effects below read what this render shows.
  useEffect(() => {
    shown.current = { theme, language: i18n.language };
    translate.current = t;
  });

  const save = useCallback((next: UserSettings, known: UserSettings) => {
    apiRequest('/api/user/settings', { method: 'POST', body: next }).then(
      () => (saved.current = next),
      () => {
        if (known.theme === next.theme) return;
        toast({
          title: translate.current('account.themeSaveFailed'),
          description: translate.current('account.themeSaveFailedBody'),
          variant: 'destructive',
        });
      },
    );
  }, []);

  useEffect(() => {
    let cancelled = false;
    saved.current = null;
    apiRequest<UserSettings>('/api/user/settings')
      .then(async (settings) => {
        if (cancelled) return;
        // What the user changed while the account's settings were on their way wins over them, and is saved.
        const themeChanged = shown.current.theme !== shownAtStart.theme;
        const languageChanged = shown.current.language !== shownAtStart.language;
        // Known as saved only once both apply: a change seen before then is the account's arriving, not the user's.
        if (!themeChanged) setTheme(settings.theme);
        if (!languageChanged && settings.language !== currentLanguage()) await changeLanguage(settings.language);
        if (cancelled) return;
        saved.current = settings;
        if (themeChanged || languageChanged) {
          save(
            { theme: themeChanged ? shown.current.theme : settings.theme, language: languageChanged ? currentLanguage() : settings.language },
            settings,
          );
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [userId, shownAtStart, setTheme, save]);

  const language = i18n.language;
  useEffect(() => {
    const known = saved.current;
    if (!known || (known.theme === theme && known.language === language)) return;
    save({ theme, language: currentLanguage() }, known);
  }, [theme, language, save]);

  return null;
}
