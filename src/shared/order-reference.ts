/**
 * An order's short reference, GT-XXXX-XXXX: 8 characters of Crockford's base32 (digits and the letters without I, L,
 * O, U), random and unique (ADR 057). It is what a customer reads to support and what the console's search finds.
 */

export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The reference as it is stored and shown. */
export const ORDER_REFERENCE = /^GT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** 8 characters from 8 random bytes: 256 is a multiple of 32, so every character is equally likely. */
export function referenceFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 8) throw new Error('an order reference needs 8 random bytes');
  const characters = Array.from(bytes.subarray(0, 8), (byte) => REFERENCE_ALPHABET[byte % 32]).join('');
  return `GT-${characters.slice(0, 4)}-${characters.slice(4)}`;
}

/**
 * Reads a reference as a person may type or say it: any case, with or without the GT prefix and the dashes, spaces
 * ignored, and Crockford's look-alikes taken for what they stand for (O → 0, I and L → 1). Null when it is not one.
 */
export function parseOrderReference(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/^GT/, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(compact)) return null;
  return `GT-${compact.slice(0, 4)}-${compact.slice(4)}`;
}
