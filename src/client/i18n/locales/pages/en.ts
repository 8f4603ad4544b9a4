import { API_MESSAGE_TEXTS_EN } from '@shared/api/message-texts';
import pages from './en.json';

export type TextTree = { [key: string]: string | TextTree };

/**
 * `tree` with each text of `texts` (keyed 'section.name') put at its place. A key that would replace a text, or a
 * section by a text, throws: every English sentence is written once, in one of the two.
 */
export function withTexts(tree: TextTree, texts: Readonly<Record<string, string>>): TextTree {
  const merged = structuredClone(tree);
  for (const [key, text] of Object.entries(texts)) {
    const path = key.split('.');
    const name = path.pop()!;
    let node = merged;
    for (const part of path) {
      const next = (node[part] ??= {});
      if (typeof next === 'string') throw new Error(`${key}: ${part} is a text, not a section`);
      node = next;
    }
    if (node[name] !== undefined) throw new Error(`${key} is written twice`);
    node[name] = text;
  }
  return merged;
}

/**
 * The English page texts as the browser loads them: en.json with the messages the API sends, whose English lives in
 * src/shared (the server answers with it too). Import this, not en.json, to read an English page text.
 */
export default withTexts(pages, API_MESSAGE_TEXTS_EN);
