import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeReloadly } from '../../../../tests/fakes/reloadly';
import { createReloadlyProvider } from './client';

const fake = new FakeReloadly();

beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

describe("Reloadly's wallet balance", () => {
  it('reads it from GET /accounts/balance, once per call', async () => {
    const provider = createReloadlyProvider({
      clientId: 'client',
      clientSecret: 'secret',
      sandbox: true,
      authUrl: fake.baseUrl,
      apiUrl: fake.baseUrl,
    });
    await expect(provider.walletBalance!()).resolves.toEqual({ balance: 2004.50532, currencyCode: 'USD' });
    expect(fake.requests.filter((request) => request.url === '/accounts/balance')).toHaveLength(1);
  });
});
