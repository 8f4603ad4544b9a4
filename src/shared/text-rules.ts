/** Bounds on text the product stores, shared by the browser's forms and the server's checks. */

export const NAME_MAX_LENGTH = 100;
/** The longest address SMTP can carry (RFC 5321: a 256-octet path, less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
export const IMAGE_URL_MAX_LENGTH = 2048;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Characters no name or one-line note may hold: control characters (NUL included, which PostgreSQL cannot store in
 * text; line breaks too). The characters that disguise text are the free-text rule's below (`disguiseIn`).
 */
const CONTROL_CHARACTER = /\p{Cc}/u;

export const isSafeName = (text: string) => !CONTROL_CHARACTER.test(text);

/** Free text (messages) may hold line breaks and any script, but not NUL. */
export const hasNoNul = (text: string) => !text.includes('\u0000');

/** An avatar address: https only (no javascript:, data: or plain http), of a sane length. */
export function isSafeImageUrl(value: string): boolean {
  if (value.length > IMAGE_URL_MAX_LENGTH) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Text that cannot disguise itself (docs/decisions/039-free-text-that-cannot-disguise-itself.md)

/**
 * Characters refused in every free-text field: they show nothing, or change the order in which the text around them
 * is shown, so that text reads as other than it is.
 * - the bidirectional marks, embeddings, overrides and isolates: U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069;
 * - the zero-width and invisible characters: U+200B, U+2060 (word joiner), U+2061–U+2064 (invisible operators), U+FEFF,
 *   U+180E, U+00AD (soft hyphen), U+034F (grapheme joiner), U+115F, U+1160, U+3164, U+FFA0 (Hangul fillers), U+17B4,
 *   U+17B5, U+206A–U+206F (deprecated format characters), U+FFF9–U+FFFB (annotations), U+1D173–U+1D17A (musical
 *   formatting).
 * The joiners U+200C and U+200D are judged by their neighbours (`isJoinerInPlace`); the tag characters are refused
 * but in a subdivision flag.
 */
const HIDING_RANGES: ReadonlyArray<readonly [first: number, last: number]> = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200b],
  [0x200e, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb],
  [0x1d173, 0x1d17a],
];
const isHiding = (point: string) => {
  const code = point.codePointAt(0)!;
  return HIDING_RANGES.some(([first, last]) => code >= first && code <= last);
};
const ZWNJ = '\u200c';
const ZWJ = '\u200d';
/** Tag characters (U+E0000–U+E007F): they spell hidden ASCII, and legitimately only a subdivision flag. */
const TAG = /[\u{e0000}-\u{e007f}]/u;
/** A subdivision flag (🏴 and a region's tag letters and digits, then the cancel tag): 🏴󠁧󠁢󠁳󠁣󠁴󠁿 is Scotland's. */
const SUBDIVISION_FLAG = /\u{1f3f4}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{2,6}\u{e007f}/gu;
/**
 * The scripts whose writing uses the joiners: Arabic and its neighbours (Persian's "می‌خواهم" holds a ZWNJ), and the
 * Brahmic scripts, where they choose a conjunct's form.
 */
const JOINING_SCRIPT_LETTER =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}]/u;
const MARK = /\p{M}/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** What may end an emoji before a ZWJ: the emoji itself, a skin tone, or the emoji presentation selector. */
const EMOJI_END = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]/u;

/** The letter a joiner follows: the code point before it, skipping the combining marks (a vowel sign, a virama). */
function baseBefore(points: readonly string[], index: number): string | undefined {
  let at = index - 1;
  while (at >= 0 && MARK.test(points[at]!) && !JOINING_SCRIPT_LETTER.test(points[at]!)) at -= 1;
  return points[at];
}

/**
 * Whether the joiner at `index` does what it is for, between two visible characters of one writing:
 * - ZWNJ: between two letters (or marks) of a joining script, as in Persian or Hindi;
 * - ZWJ: the same, or between two emoji (👩‍💻, 👨🏽‍🚀, 🏳️‍🌈).
 * Anywhere else (between Latin letters, at a word's edge, doubled) it only hides, and is refused.
 */
function isJoinerInPlace(points: readonly string[], index: number): boolean {
  const before = baseBefore(points, index);
  const after = points[index + 1];
  if (before === undefined || after === undefined) return false;
  const inWriting = JOINING_SCRIPT_LETTER.test(before) && (JOINING_SCRIPT_LETTER.test(after) || MARK.test(after));
  if (points[index] === ZWNJ) return inWriting;
  return inWriting || (EMOJI_END.test(points[index - 1]!) && PICTOGRAPH.test(after));
}

/** A word (a run of letters and marks) holding Latin letters with Cyrillic or Greek ones: "Pаypal" with a Cyrillic а. */
const WORD = /[\p{L}\p{M}]+/gu;
const LATIN = /\p{Script=Latin}/u;
const LOOK_ALIKE_OF_LATIN = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** Why a text could disguise itself, when it could. */
export type TextDisguise = 'invisible' | 'mixedScript';

/**
 * What in `text` could make it read as other than it is: an invisible or direction-changing character ('invisible'),
 * or — for a `name` — a word mixing Latin letters with Cyrillic or Greek ones ('mixedScript'). Words of different
 * scripts side by side ("Иван Petrov", "Amina أمينة") are legitimate and accepted. Undefined when there is nothing.
 */
export function disguiseIn(text: string, kind: 'name' | 'text'): TextDisguise | undefined {
  const points = [...text.replace(SUBDIVISION_FLAG, '\u{1f3f4}')];
  for (let index = 0; index < points.length; index += 1) {
    const point = points[index]!;
    if (isHiding(point)) return 'invisible';
    if ((point === ZWNJ || point === ZWJ) && !isJoinerInPlace(points, index)) return 'invisible';
    if (TAG.test(point)) return 'invisible';
  }
  if (kind === 'name') {
    for (const [word] of text.matchAll(WORD)) if (LATIN.test(word) && LOOK_ALIKE_OF_LATIN.test(word)) return 'mixedScript';
  }
  return undefined;
}
