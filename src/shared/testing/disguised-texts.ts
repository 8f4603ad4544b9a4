/**
 * The corpus the tests refuse in every free-text field: the free-text rule's unit tests (shared/text-rules.test.ts)
 * and the table of every route that takes free text (server/security/disguised-text.test.ts).
 */

/** Text that reads as other than it is: an invisible or direction-changing character in the middle of a word. */
export const DISGUISED_TEXTS: ReadonlyArray<[label: string, text: string]> = [
  ['a right-to-left override', 'Amina \u202Efdp.exe'],
  ['a left-to-right override', 'Amina \u202Dfdp'],
  ['a right-to-left embedding', 'Amina \u202Bfdp'],
  ['a left-to-right embedding', 'Amina \u202Afdp'],
  ['a pop directional formatting', 'Amina \u202Cfdp'],
  ['a right-to-left isolate', 'Amina \u2067fdp\u2069'],
  ['a left-to-right isolate', 'Amina \u2066fdp'],
  ['a first-strong isolate', 'Amina \u2068fdp'],
  ['a pop directional isolate', 'Amina fdp\u2069'],
  ['a left-to-right mark', 'Amina\u200E Yusuf'],
  ['a right-to-left mark', 'Amina\u200F Yusuf'],
  ['an Arabic letter mark', 'Amina\u061C Yusuf'],
  ['a zero-width space', 'Ami\u200Bna'],
  ['a word joiner', 'Ami\u2060na'],
  ['a zero-width no-break space', 'Ami\uFEFFna'],
  ['a Mongolian vowel separator', 'Ami\u180Ena'],
  ['a soft hyphen', 'Ami\u00ADna'],
  ['an invisible times', 'Ami\u2062na'],
  ['a Hangul filler', 'Ami\u3164na'],
  ['a zero-width joiner between Latin letters', 'ad\u200Dmin'],
  ['a zero-width non-joiner between Latin letters', 'ad\u200Cmin'],
  ['a zero-width joiner at the end', 'Amina\u200D'],
  ['a zero-width non-joiner after a space', 'Amina \u200Cأمينة'],
  ['two zero-width non-joiners', 'می\u200C\u200Cخواهم'],
  ['tag characters spelling hidden text', 'Amina\u{E0069}\u{E0067}\u{E006E}'],
  [
    'tag characters hidden after a black flag',
    'Go 🏴\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E0020}\u{E0061}\u{E006C}\u{E006C}\u{E007F}',
  ],
];

/** A name whose word mixes Latin with look-alike Cyrillic or Greek letters. */
export const MIXED_SCRIPT_NAMES: ReadonlyArray<[label: string, text: string]> = [
  ['a Cyrillic а in a Latin word', 'P\u0430ypal'],
  ['a Cyrillic о in a Latin name', 'Amina Y\u043Esuf'],
  ['a Greek ο in a Latin word', 'G\u03BFogle'],
  ['a Latin a in a Cyrillic word', 'Ив\u0061н'],
];
