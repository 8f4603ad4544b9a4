import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@shared/constants';
import coreAr from '@/i18n/locales/ar.json';
import coreEn from '@/i18n/locales/en.json';
import { testCountry } from '@/testing/builders';
import { countryEntries, type CountryEntry } from '../lib/country-list';
import { PopularDestinations } from './country-shortcuts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: coreEn }, ar: { translation: coreAr } }, interpolation: { escapeValue: false } });
});

async function popular(language: Language, entries: CountryEntry[] | undefined) {
  await i18n.changeLanguage(language);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <PopularDestinations entries={entries} onPick={() => undefined} />
    </I18nextProvider>,
  );
  const buttons = [...html.matchAll(/<button([^>]*)>.*?<span class="min-w-0[^"]*">([^<]*)<\/span><\/button>/g)];
  return { html, names: buttons.map((match) => match[2]), disabled: buttons.map((match) => match[1]!.includes('disabled=""')) };
}

describe('the popular destinations', () => {
  it('hold their place before the list arrives: every one by its name in the interface language, not yet pressable', async () => {
    const english = await popular('en', undefined);
    expect(english.html).toContain('<h3 id="popular-destinations"');
    expect(english.names).toEqual(['Philippines', 'India', 'Nigeria', 'Dominican Republic', 'Guatemala', 'Colombia', 'Ghana', 'Kenya']);
    expect(english.disabled).toEqual(Array(8).fill(true));
    const arabic = await popular('ar', undefined);
    expect(arabic.names).toHaveLength(8);
    expect(arabic.names).toContain('الهند');
  });

  it('once the list is there, are the ones the server has enabled, in the same order, pressable', async () => {
    const entries = countryEntries(
      [
        testCountry({ id: 1, name: 'Nigeria', iso_name: 'NG' }),
        testCountry({ id: 2, name: 'Philippines', iso_name: 'PH', calling_codes: ['63'] }),
        testCountry({ id: 3, name: 'Kenya', iso_name: 'KE', calling_codes: ['254'], enabled: false }),
        testCountry({ id: 4, name: 'France', iso_name: 'FR', calling_codes: ['33'] }),
      ],
      'en',
    );
    const loaded = await popular('en', entries);
    expect(loaded.names).toEqual(['Philippines', 'Nigeria']);
    expect(loaded.disabled).toEqual([false, false]);
  });

  it('are left out when the server enables none of them', async () => {
    expect((await popular('en', [])).html).toBe('');
  });
});
