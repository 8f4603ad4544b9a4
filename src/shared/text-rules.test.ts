import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DISGUISE_MESSAGE_KEYS, undisguised } from './api/free-text';
import { DISGUISED_TEXTS, MIXED_SCRIPT_NAMES } from './testing/disguised-texts';
import { disguiseIn, isSafeName } from './text-rules';

describe('disguiseIn', () => {
  it.each(DISGUISED_TEXTS)('finds %s in any free text', (_label, text) => {
    expect(disguiseIn(text, 'text')).toBe('invisible');
    expect(disguiseIn(text, 'name')).toBe('invisible');
  });

  it.each(MIXED_SCRIPT_NAMES)('finds %s in a name, not in other text', (_label, text) => {
    expect(disguiseIn(text, 'name')).toBe('mixedScript');
    expect(disguiseIn(text, 'text')).toBeUndefined();
  });

  it.each([
    ['a plain Latin name', 'Amina Yusuf'],
    ['accents and apostrophes', 'Zoë O’Brien-Lefèvre'],
    ['Arabic', 'أمينة يوسف'],
    ['Arabic with its vowel marks', 'مُحَمَّد'],
    ['Arabic and Latin words side by side', 'Amina أمينة Yusuf'],
    ['Cyrillic and Latin words side by side', 'Иван Petrov'],
    ['Greek and Latin words side by side', 'Νίκος Papadopoulos'],
    ['Persian with a zero-width non-joiner inside a word', 'می\u200Cخواهم'],
    ['Persian with a non-joiner after a vowel mark', 'نامه\u064E\u200Cها'],
    ['Hindi with a zero-width joiner after a virama', 'क्\u200Dष'],
    ['Hindi with a zero-width non-joiner', 'क्\u200Cष'],
    ['a family emoji joined by zero-width joiners', 'Mum 👩\u200D👩\u200D👧'],
    ['an emoji with a skin tone joined to another', 'Dad 👨🏽\u200D🚀'],
    ['a rainbow flag (variation selector, then joiner)', 'Pride 🏳️\u200D🌈'],
    ['a subdivision flag spelled with tags', 'Go 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
    ['Chinese', '王小明'],
    ['a line break in a message', 'one\ntwo'],
  ])('accepts %s', (_label, text) => {
    expect(disguiseIn(text, 'name')).toBeUndefined();
    expect(disguiseIn(text, 'text')).toBeUndefined();
  });
});

describe('undisguised', () => {
  const name = z.string().superRefine(undisguised('name'));
  const message = z.string().superRefine(undisguised('text'));

  it('refuses with the translated key of what it found', () => {
    expect(name.safeParse('Ami\u200Bna').error?.issues[0]?.message).toBe(DISGUISE_MESSAGE_KEYS.invisible);
    expect(name.safeParse('P\u0430ypal').error?.issues[0]?.message).toBe(DISGUISE_MESSAGE_KEYS.mixedScript);
    expect(message.safeParse('P\u0430ypal').success).toBe(true);
    expect(DISGUISE_MESSAGE_KEYS).toEqual({ invisible: 'validation.invisibleCharacters', mixedScript: 'validation.mixedScriptWord' });
  });
});

describe('isSafeName', () => {
  it('refuses control characters, line breaks included, and leaves the rest to the free-text rule', () => {
    expect(isSafeName('Amina\u0000')).toBe(false);
    expect(isSafeName('Amina\nYusuf')).toBe(false);
    expect(isSafeName('Amina Yusuf')).toBe(true);
  });
});
