import { describe, expect, it } from 'vitest';
import { ORDER_REFERENCE, parseOrderReference, referenceFromBytes } from './order-reference';

describe('order references', () => {
  it('are GT-XXXX-XXXX in Crockford base32, every byte value mapped to a character of it', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    for (let start = 0; start < 256; start += 8) {
      const reference = referenceFromBytes(bytes.subarray(start, start + 8));
      expect(reference).toMatch(ORDER_REFERENCE);
      expect(reference).not.toMatch(/[ILOU]/);
    }
    expect(referenceFromBytes(Uint8Array.from([0, 1, 31, 32, 18, 21, 24, 27]))).toBe('GT-01Z0-JNRV');
  });

  it('are read with or without the dashes and the prefix, in any case', () => {
    for (const typed of ['GT-7K3M-9QXZ', 'gt-7k3m-9qxz', 'GT7K3M9QXZ', '7k3m9qxz', ' 7K3M-9QXZ ', 'gt 7k3m 9qxz']) {
      expect(parseOrderReference(typed)).toBe('GT-7K3M-9QXZ');
    }
  });

  it("take Crockford's look-alikes for what they stand for: O is 0, I and L are 1", () => {
    expect(parseOrderReference('GT-O1IL-OOAB')).toBe('GT-0111-00AB');
  });

  it('read nothing from text that is not a reference', () => {
    for (const typed of ['', 'GT-7K3M-9QX', 'GT-7K3M-9QXZ1', 'GT-7K3M-9QXU', 'ada@example.com', '08031234567', 'pi_123', 'GT-7K3M_9QXZ']) {
      expect(parseOrderReference(typed)).toBeNull();
    }
  });
});
