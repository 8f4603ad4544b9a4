import pages from '../../client/i18n/locales/pages/en.json' with { type: 'json' };

/** English text of a translation key, so API answers carry the same words the UI shows. */
export function englishMessage(key: string): string | undefined {
  let node: unknown = pages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}
