import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@shared/constants';
import { consoleSectionOf, metaPageOf, pageTitleOf } from '@/lib/page-meta';
import { ADMIN_PATHS, orderPath } from './admin-paths';

describe('the console’s titles', () => {
  const read = (part: string, language: string) =>
    JSON.parse(readFileSync(path.join(import.meta.dirname, '../../i18n/locales', part, `${language}.json`), 'utf8')) as Record<string, unknown>;

  it.each(SUPPORTED_LANGUAGES)('gives each page of the console a title of its own in %s, its section first', async (language) => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: language,
      resources: { [language]: { translation: { ...read('pages', language), ...read('admin', language) } } },
      interpolation: { escapeValue: false },
    });
    const titleOf = (pathname: string) =>
      pageTitleOf(metaPageOf(pathname), pathname, { exists: (key) => i18n.exists(key), text: (key, values) => i18n.t(key, values ?? {}) });
    const pages = [...Object.values(ADMIN_PATHS), '/admin/nowhere'];
    const titles = pages.map(titleOf);
    expect(new Set(titles).size).toBe(pages.length);
    for (const title of titles) expect(title).toMatch(/^.+ — .+ — GlobalTopUp$/);
    expect(titleOf(orderPath('0b7e4c1a'))).toBe(titleOf(ADMIN_PATHS.orders));
    expect(titleOf(`${ADMIN_PATHS.audit}/`)).toBe(titleOf(ADMIN_PATHS.audit));
    if (language === 'en') expect(titleOf(ADMIN_PATHS.orders)).toBe('Orders — Operations console — GlobalTopUp');
  });

  it('keeps the console’s one title while its texts are not loaded', () => {
    const texts = { exists: (key: string) => !key.startsWith('admin.'), text: (key: string) => key };
    expect(pageTitleOf('admin', ADMIN_PATHS.orders, texts)).toBe('pageTitle.admin');
    expect(consoleSectionOf(ADMIN_PATHS.overview)).toBe('overview');
    expect(consoleSectionOf('/admin/ordersx')).toBeNull();
  });
});
