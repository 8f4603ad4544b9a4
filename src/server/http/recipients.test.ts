import { describe, expect, it } from 'vitest';
import type { RecipientListResponse, RecipientResponse } from '../../shared/api/recipients';
import { savedRecipients } from '../db/schema';
import { useTestApp } from '../testing/app';

const PASSWORD = 'Lagos-to-Accra-2026';

describe('the saved recipients calls', () => {
  // Ghana is a destination the business may not serve: refused like a country switched off.
  const testApp = useTestApp({ BLOCKED_DESTINATIONS: 'GH' });
  let accounts = 0;

  async function signedIn() {
    const browser = testApp.client();
    const response = await browser.signUp(`recipients${++accounts}@example.com`, PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    return browser;
  }

  const stored = () => testApp.database.db.select().from(savedRecipients);

  it('asks a visitor to sign in', async () => {
    const visitor = testApp.client();
    expect((await visitor.get('/api/recipients')).statusCode).toBe(401);
    expect((await visitor.post('/api/recipients', { countryCode: 'NG', phone: '8031234567' })).statusCode).toBe(401);
  });

  it('adds a number with the operator it detects, and a second add of it answers the same recipient', async () => {
    const browser = await signedIn();
    const added = await browser.post('/api/recipients', { countryCode: 'ng', phone: '0803 123 4567', name: '  Mum  ' });
    expect(added.statusCode, added.body).toBe(201);
    const { recipient } = added.json<RecipientResponse>();
    expect(recipient).toMatchObject({
      countryCode: 'NG',
      nationalNumber: '08031234567',
      callingCode: '234',
      name: 'Mum',
      operatorName: expect.stringMatching(/MTN/),
      lastToppedUpAt: null,
      lastTopUp: null,
    });
    const again = await browser.post('/api/recipients', { countryCode: 'NG', phone: '08031234567' });
    expect(again.statusCode).toBe(200);
    expect(again.json<RecipientResponse>()).toMatchObject({ created: false, recipient: { id: recipient.id, name: 'Mum' } });
    expect(await stored()).toHaveLength(1);
    expect((await browser.get('/api/recipients')).json<RecipientListResponse>().recipients.map((one) => one.id)).toEqual([recipient.id]);
  });

  it('refuses a number, a name or a country the forms refuse, with a message naming the field, and stores nothing', async () => {
    const browser = await signedIn();
    const cases = [
      [{ countryCode: 'NG', phone: '' }, 'phone', 'phone.required'],
      [{ countryCode: 'NG', phone: '80312' }, 'phone', 'phone.tooShort'],
      [{ countryCode: 'IN', phone: '1234567890' }, 'phone', 'phone.invalidFormat'],
      [{ countryCode: 'NG', phone: '8031234567', name: 'x'.repeat(41) }, 'name', 'apiErrors.recipientNameTooLong'],
      [{ countryCode: 'NG', phone: '8031234567', name: 'Mum\u0007' }, 'name', 'apiErrors.recipientNameInvalid'],
      [{ countryCode: 'NG', phone: '8031234567', name: 'Mum\u202e' }, 'name', 'validation.invisibleCharacters'],
      [{ countryCode: 'N1', phone: '8031234567' }, 'countryCode', 'validation.countryCode'],
      [{ countryCode: 'ZZ', phone: '8031234567' }, 'countryCode', 'topup.errors.unavailable'],
      [{ phone: '8031234567' }, 'countryCode', 'validation.countryCode'],
      [{ countryCode: 'GH', phone: '241234567' }, 'countryCode', 'topup.errors.unavailable'],
    ] as const;
    for (const [body, field, messageKey] of cases) {
      const response = await browser.post('/api/recipients', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, field, messageKey, message: expect.any(String) });
    }
    expect(await stored()).toEqual([]);
  });

  it('renames with the name trimmed, a blank name removing it, and refuses a name over 40 characters', async () => {
    const browser = await signedIn();
    const { recipient } = (await browser.post('/api/recipients', { countryCode: 'NG', phone: '8031234567' })).json<RecipientResponse>();
    const renamed = await browser.patch(`/api/recipients/${recipient.id}`, { name: ' Grandma Ada ' });
    expect(renamed.json<RecipientResponse>().recipient.name).toBe('Grandma Ada');
    const tooLong = await browser.patch(`/api/recipients/${recipient.id}`, { name: 'y'.repeat(41) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ field: 'name', messageKey: 'apiErrors.recipientNameTooLong' });
    expect((await browser.patch(`/api/recipients/${recipient.id}`, { name: 'z'.repeat(40) })).statusCode).toBe(200);
    expect((await browser.patch(`/api/recipients/${recipient.id}`, { name: '   ' })).json<RecipientResponse>().recipient.name).toBeNull();
  });

  it('another customer’s recipient is not found (404, never 403) for rename and delete, and their list shows only their own', async () => {
    const amina = await signedIn();
    const kofi = await signedIn();
    const { recipient } = (await amina.post('/api/recipients', { countryCode: 'NG', phone: '8031234567', name: 'Mum' })).json<RecipientResponse>();
    await kofi.post('/api/recipients', { countryCode: 'KE', phone: '712345678' });

    const rename = await kofi.patch(`/api/recipients/${recipient.id}`, { name: 'Mine now' });
    const remove = await kofi.delete(`/api/recipients/${recipient.id}`);
    const unknown = await amina.delete('/api/recipients/00000000-0000-4000-8000-000000000000');
    const malformed = await amina.patch('/api/recipients/not-an-id', { name: 'x' });
    for (const response of [rename, remove, unknown, malformed]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'RECIPIENT_NOT_FOUND', messageKey: 'apiErrors.recipientNotFound' });
    }
    // The refusals say the same whether the id is someone else's or nobody's.
    expect(rename.json().message).toBe(unknown.json().message);

    const kofiList = (await kofi.get('/api/recipients')).json<RecipientListResponse>().recipients;
    expect(kofiList.map((one) => one.countryCode)).toEqual(['KE']);
    const aminaList = (await amina.get('/api/recipients')).json<RecipientListResponse>().recipients;
    expect(aminaList).toMatchObject([{ id: recipient.id, name: 'Mum' }]);

    expect((await amina.delete(`/api/recipients/${recipient.id}`)).statusCode).toBe(200);
    expect((await amina.get('/api/recipients')).json<RecipientListResponse>().recipients).toEqual([]);
  });
});
