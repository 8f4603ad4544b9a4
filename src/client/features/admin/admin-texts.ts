import type { Language } from '@shared/constants';
import { i18n } from '@/i18n';
import ar from '@/i18n/locales/admin/ar.json';
import en from '@/i18n/locales/admin/en.json';
import es from '@/i18n/locales/admin/es.json';
import fr from '@/i18n/locales/admin/fr.json';

const ADMIN_TEXTS: Record<Language, typeof en> = { en, es, fr, ar };

/**
 * The console's texts come with its code, every language at once: only admins load them, so the customers' page
 * texts stay small, and a language chosen in the console applies at once without a loader of its own in the home
 * bundle (which has no room for one).
 */
export function addAdminTexts() {
  for (const [language, texts] of Object.entries(ADMIN_TEXTS)) i18n.addResourceBundle(language, 'translation', texts, true, true);
}
