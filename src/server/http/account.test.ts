import { describe, expect, it } from 'vitest';
import { signUpFieldsSchema, updateUserRequestSchema, usernameFormSchema } from '../../shared/api/account';
import { useTestApp } from '../testing/app';

const PASSWORD = 'Lagos-to-Accra-2026';

/** An address of `length` characters made long by its domain, so the name taken from its local part stays short. */
const longAddress = (length: number) => {
  const domain = `${'d'.repeat(60)}.`.repeat(4) + 'com';
  return `${'a'.repeat(length - domain.length - 1)}@${domain}`;
};

/**
 * The browser's account forms check their fields with the shared schemas before they send them. These tests hold the
 * server to the same rules: what a form lets through, the server takes; what a form refuses, the server refuses too.
 */
describe('the account calls judge fields as the account forms do', () => {
  const testApp = useTestApp();
  let accounts = 0;

  describe('POST /api/auth/sign-up/email and the register form', () => {
    const valid = { password: PASSWORD, username: '', marketingPreference: false };
    it.each([
      ['an address', {}],
      ['an address with spaces around it', { email: ' spaced@example.com ' }],
      ['no e-mail name', { email: 'amina' }],
      ['no domain', { email: 'amina@' }],
      ['no local part', { email: '@example.com' }],
      ['a space in the address', { email: 'a b@example.com' }],
      ['254 characters', { email: longAddress(254) }],
      ['255 characters', { email: longAddress(255) }],
      ['a 7-character password', { password: 'kx7#Qp2' }],
      ['an 8-character password', { password: 'kx7#Qp2v' }],
      ['a 128-character password', { password: 'k7'.repeat(64) }],
      ['a 129-character password', { password: 'k7'.repeat(64) + 'z' }],
      ['a username', { username: 'amina_y' }],
      ['a blank username', { username: '   ' }],
      ['a 2-character username', { username: 'ab' }],
      ['a 31-character username', { username: 'x'.repeat(31) }],
      ['a username with a space', { username: 'has space' }],
      ['a username with an accent', { username: 'émile' }],
    ])('%s', async (_label, change) => {
      const fields = { ...valid, email: `new${++accounts}@example.com`, ...change };
      const form = signUpFieldsSchema.safeParse(fields);
      // Sent as the register form sends it: the parsed fields, with a name and without a blank username.
      const body = form.success
        ? { ...form.data, name: form.data.username ?? form.data.email.split('@')[0], username: form.data.username ?? undefined }
        : fields;
      const response = await testApp.client().post('/api/auth/sign-up/email', body);
      expect(response.statusCode === 200, response.body).toBe(form.success);
      if (!form.success) expect(response.statusCode).toBe(400);
    });
  });

  describe('PATCH /api/user and the profile username form', () => {
    it('refuses the usernames the form refuses and takes the rest, a blank one removing it', async () => {
      const browser = testApp.client();
      expect((await browser.signUp('kofi@example.com', PASSWORD, { username: 'kofi' })).statusCode).toBe(200);
      for (const typed of ['amina.y', ' padded ', '', 'ab', 'x'.repeat(30), 'x'.repeat(31), 'has space', 'émile', 'ab!']) {
        const form = usernameFormSchema.safeParse({ username: typed });
        const response = await browser.patch('/api/user', form.success ? form.data : { username: typed });
        expect(response.statusCode, typed).toBe(form.success ? 200 : 400);
        if (form.success) expect(response.json().user.username).toBe(form.data.username);
        else expect(response.json()).toMatchObject({ field: 'username', messageKey: form.error.issues[0]!.message });
      }
    });

    it('parses the body with the schema the form builds on', async () => {
      const browser = testApp.client();
      await browser.signUp('kofi@example.com', PASSWORD);
      for (const body of [{ username: null }, { username: 'kofi' }, { username: '' }, { username: 42 }, {}]) {
        const response = await browser.patch('/api/user', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(updateUserRequestSchema.safeParse(body).success ? 200 : 400);
      }
    });
  });
});
