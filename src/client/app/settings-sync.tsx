import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSettings } from '@shared/api/account';
import { changeLanguage, currentLanguage } from '@/i18n';
import { apiRequest } from '@/lib/api-client';
import { useTheme } from '@/lib/theme';
import { toast } from '@/lib/toast';

/**
 * For a signed-in user: applies the language and theme saved on the server (so they follow the user to any device),
 * then saves each change the user makes (docs/product.md §4: the theme is saved only for signed-in users).
 */
export function SettingsSync({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const { theme, setTheme } = useTheme();
  const saved = useRef<UserSettings | null>(null);

  useEffect(() => {
    let cancelled = false;
    saved.current = null;
    apiRequest<UserSettings>('/api/user/settings')
      .then(async (settings) => {
        if (cancelled) return;
        // Known as saved only once both apply: a change seen before then is the account's arriving, not the user's.
        setTheme(settings.theme);
        if (settings.language !== currentLanguage()) await changeLanguage(settings.language);
        if (!cancelled) saved.current = settings;
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [userId, setTheme]);

  const language = i18n.language;
  useEffect(() => {
    const known = saved.current;
    if (!known || (known.theme === theme && known.language === language)) return;
    const next = { theme, language: currentLanguage() };
    apiRequest('/api/user/settings', { method: 'POST', body: next }).then(
      () => (saved.current = next),
      () => {
        if (known.theme !== theme) {
          toast({ title: t('account.themeSaveFailed'), description: t('account.themeSaveFailedBody'), variant: 'destructive' });
        }
      },
    );
  }, [theme, language, t]);

  return null;
}
