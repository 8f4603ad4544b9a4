import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SPRITE_URLS } from '@/lib/asset-urls';
import { Icon } from './icon';

describe('Icon', () => {
  it('draws a symbol of the one-colour sprite in a hidden box of its size, with no file of its own', () => {
    const html = renderToStaticMarkup(<Icon name="lock" className="size-4 text-primary" />);
    expect(html).toMatch(
      /^<span aria-hidden="true" class="inline-block shrink-0 size-4 text-primary"><svg style="[^"]*width:100%;height:100%"><use href="([^"]+)#lock"><\/use><\/svg><\/span>$/,
    );
    expect(html).toContain(`href="${SPRITE_URLS.icons}#lock"`);
    expect(SPRITE_URLS.icons).toMatch(/icons\.svg$|icons-[\w-]+\.svg$/);
  });

  it('draws a payment brand from the brands’ sprite', () => {
    expect(renderToStaticMarkup(<Icon name="visa" sprite="brands" />)).toContain(`href="${SPRITE_URLS.brands}#visa"`);
    expect(SPRITE_URLS.brands).not.toBe(SPRITE_URLS.icons);
  });
});
