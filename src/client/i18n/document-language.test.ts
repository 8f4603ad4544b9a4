import { describe, expect, it, vi } from 'vitest';
import { applyToDocument } from '.';

/** An <html> element that notes every write of its language and direction. */
function page(lang: string, dir: string) {
  const writes: string[] = [];
  const root = {
    get lang() {
      return lang;
    },
    set lang(value: string) {
      writes.push(`lang=${value}`);
      lang = value;
    },
    get dir() {
      return dir;
    },
    set dir(value: string) {
      writes.push(`dir=${value}`);
      dir = value;
    },
  };
  vi.stubGlobal('document', { documentElement: root });
  return writes;
}

describe("the page's language and direction", () => {
  it('are left alone when the page already has them: a write, even unchanged, restyles the page', () => {
    const writes = page('ar', 'rtl');
    applyToDocument('ar');
    expect(writes).toEqual([]);
  });

  it('are written when they change, each only if it changes', () => {
    const writes = page('en', 'ltr');
    applyToDocument('fr');
    expect(writes).toEqual(['lang=fr']);
    applyToDocument('ar');
    expect(writes).toEqual(['lang=fr', 'lang=ar', 'dir=rtl']);
  });
});
