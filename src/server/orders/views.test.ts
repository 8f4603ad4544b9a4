import { describe, expect, it } from 'vitest';
import { digitsOnly } from '../../shared/phone-rules';
import { internationalNumber, storedNumbersMatching } from './views';

describe('storedNumbersMatching', () => {
  // What a stored number (national digits) and a number the browser repeats must satisfy: the same digits, or the
  // stored number's international form.
  const sameNumber = (stored: string, repeated: string, callingCode: string | null) =>
    repeated === stored || repeated === digitsOnly(internationalNumber(callingCode, stored));

  it('answers exactly the stored numbers that a repeated number stands for', () => {
    const stored = ['8031234567', '08031234567', '008031234567', '2348031234567', '0', '00', '234', '2340', '23408031234567'];
    const repeated = [...stored, '2348031234567', '23408031234567', '234008031234567', '2342348031234567', '44803'];
    for (const callingCode of ['234', '1', null]) {
      for (const number of repeated) {
        const candidates = storedNumbersMatching(number, callingCode);
        for (const candidate of stored)
          expect(candidates.includes(candidate), `${candidate} for ${number} (+${callingCode})`).toBe(sameNumber(candidate, number, callingCode));
        for (const candidate of candidates) expect(sameNumber(candidate, number, callingCode), `${candidate} for ${number}`).toBe(true);
      }
    }
  });
});
