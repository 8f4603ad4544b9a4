import pages from '../../client/i18n/locales/pages/en.json' with { type: 'json' };
import type { MessageParams } from '../../shared/api/messages';

/**
 * English text of a translation key, its {{placeholders}} filled from `params`, so API answers carry the same words
 * the UI shows.
 */
export function englishMessage(key: string, params: MessageParams = {}): string | undefined {
  let node: unknown = pages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'string') return undefined;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => String(params[name] ?? placeholder));
}
