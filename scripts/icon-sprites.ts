/**
 * Writes the icon sprites from src/client/assets/icons/*.svg: `sprites/icons.svg`, the one-colour icons drawn in the
 * text's colour (their black becomes `currentColor`), and `sprites/brands.svg`, the payment brands in their own colours.
 * Each icon is a `<symbol id="<file name>">`, drawn with `<svg><use href="<sprite>#<name>"/></svg>`: the browser reads
 * one SVG document per sprite instead of one per icon (ADR 049). Run `npx tsx scripts/icon-sprites.ts` after adding or
 * changing an icon; `src/client/lib/icon-sprites.test.ts` fails while the sprites are not up to date.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const assets = path.resolve(import.meta.dirname, '../src/client/assets');
export const ICONS_DIR = path.join(assets, 'icons');
export const SPRITE_FILES = { icons: path.join(assets, 'sprites/icons.svg'), brands: path.join(assets, 'sprites/brands.svg') } as const;

const BLACK = /^(#000|#000000|black)$/i;

/** The colours an icon names (fill and stroke), black and `none` aside: none means it is drawn in one colour. */
function ownColours(svg: string): string[] {
  return [...svg.matchAll(/\b(?:fill|stroke)="([^"]*)"/g)].map((match) => match[1]!).filter((colour) => colour !== 'none' && !BLACK.test(colour));
}

/** One `<symbol>` from an icon's file: its root's attributes but the namespace and size, its drawing as it is. */
export function symbolOf(name: string, svg: string, oneColour: boolean): string {
  const root = /<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(svg.trim());
  if (!root) throw new Error(`${name}.svg is not an <svg> element`);
  let attributes = root[1]!.replace(/\s(?:xmlns(?::\w+)?|width|height|role|aria-label|class)="[^"]*"/g, '').trim();
  let body = root[2]!.trim();
  if (oneColour) {
    const toCurrent = (text: string) => text.replace(/\b(fill|stroke)="(#000|#000000|black)"/gi, '$1="currentColor"');
    attributes = toCurrent(attributes);
    body = toCurrent(body);
    // A shape with no fill of its own is filled black by SVG: in the text's colour here.
    if (!/\bfill="/.test(attributes)) attributes += ' fill="currentColor"';
  }
  return `<symbol id="${name}" ${attributes}>${body}</symbol>`;
}

/** Both sprites' text, from the icons' files as they are now. */
export function spriteTexts(dir = ICONS_DIR): Record<keyof typeof SPRITE_FILES, string> {
  const symbols = { icons: [] as string[], brands: [] as string[] };
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.svg'))
    .sort()) {
    const svg = readFileSync(path.join(dir, file), 'utf8');
    const oneColour = ownColours(svg).length === 0;
    symbols[oneColour ? 'icons' : 'brands'].push(symbolOf(file.slice(0, -'.svg'.length), svg, oneColour));
  }
  const sprite = (list: string[]) => `<svg xmlns="http://www.w3.org/2000/svg">${list.join('')}</svg>\n`;
  return { icons: sprite(symbols.icons), brands: sprite(symbols.brands) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const texts = spriteTexts();
  for (const key of Object.keys(SPRITE_FILES) as (keyof typeof SPRITE_FILES)[]) writeFileSync(SPRITE_FILES[key], texts[key]);
  console.log(`Wrote ${Object.values(SPRITE_FILES).join(' and ')}`);
}
