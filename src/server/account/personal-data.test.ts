import { describe, expect, it } from 'vitest';
import { maskPhone, scrubJson, scrubText, type DataSubject } from './personal-data';

const subject: DataSubject = {
  userId: 'u1',
  email: 'Amina.Okafor@example.com',
  name: 'Amina Okafor',
  phones: ['08035550142', '8035550142'],
  placeholderEmail: 'deleted-u1@deleted.invalid',
  now: new Date('2026-11-24T00:00:00Z'),
};

describe('what deletion leaves of personal data in text', () => {
  it('keeps the last two digits of a number', () => {
    expect(maskPhone('08035550142')).toBe('•••••••••42');
    expect(maskPhone('7')).toBe('7');
  });

  it('replaces the e-mail in any case, every number (the longest first) and the name', () => {
    expect(scrubText('amina.okafor@EXAMPLE.com called about 08035550142 and 8035550142; AMINA OKAFOR', subject)).toBe(
      'deleted-u1@deleted.invalid called about •••••••••42 and ••••••••42; •••',
    );
  });

  it('scrubs only the strings of JSON, keeping its keys, numbers and shape', () => {
    expect(scrubJson({ reason: 'for Amina Okafor', phones: ['08035550142'], amount: 8035550142, nested: { 'Amina Okafor': null } }, subject)).toEqual(
      {
        reason: 'for •••',
        phones: ['•••••••••42'],
        amount: 8035550142,
        nested: { 'Amina Okafor': null },
      },
    );
  });
});
