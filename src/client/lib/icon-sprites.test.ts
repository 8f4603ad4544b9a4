import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_CARD_BRANDS, acceptedPayments } from '@shared/accepted-payments';
import { ICONS_DIR, SPRITE_FILES, spriteTexts, symbolOf } from '../../../scripts/icon-sprites';

const symbols = (sprite: string) => [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
const iconNames = readdirSync(ICONS_DIR)
  .filter((file) => file.endsWith('.svg'))
  .map((file) => file.slice(0, -'.svg'.length));

describe('the icon sprites', () => {
  it('are up to date with src/client/assets/icons (run `npx tsx scripts/icon-sprites.ts` after changing an icon)', () => {
    const texts = spriteTexts();
    expect(readFileSync(SPRITE_FILES.icons, 'utf8')).toBe(texts.icons);
    expect(readFileSync(SPRITE_FILES.brands, 'utf8')).toBe(texts.brands);
  });

  it('hold every icon once: the one-colour ones drawn in the text colour, the brands in their own', () => {
    const { icons, brands } = spriteTexts();
    expect([...symbols(icons), ...symbols(brands)].sort()).toEqual(iconNames.sort());
    expect(icons).not.toMatch(/"#000(000)?"|"black"/i);
    expect(symbols(icons)).toEqual(expect.arrayContaining(['lock', 'badge-check', 'wallet', 'globe', 'menu', 'moon', 'sun', 'x']));
    // Every way to pay the footer shows is a brand, with its colours.
    expect(symbols(brands)).toEqual(expect.arrayContaining([...acceptedPayments('stripe')]));
    for (const brand of ACCEPTED_CARD_BRANDS) expect(readFileSync(path.join(ICONS_DIR, `${brand}.svg`), 'utf8')).toMatch(/fill="#(?!000")/);
  });

  it('keep a symbol’s drawing and view box, and fill a shape without a fill of its own in the text colour', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M1 1h2"/></svg>';
    expect(symbolOf('x', svg, true)).toBe('<symbol id="x" viewBox="0 0 24 24" fill="currentColor"><path d="M1 1h2"/></symbol>');
    const stroked = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000"><path stroke="#000" d="M1 1"/></svg>';
    expect(symbolOf('lock', stroked, true)).toBe(
      '<symbol id="lock" viewBox="0 0 24 24" fill="none" stroke="currentColor"><path stroke="currentColor" d="M1 1"/></symbol>',
    );
    const brand = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#000" d="M1 1"/><path fill="#fff" d="M2 2"/></svg>';
    expect(symbolOf('applepay', brand, false)).toBe(
      '<symbol id="applepay" viewBox="0 0 24 24"><path fill="#000" d="M1 1"/><path fill="#fff" d="M2 2"/></symbol>',
    );
    expect(() => symbolOf('broken', '<path/>', true)).toThrow(/not an <svg>/);
  });
});
