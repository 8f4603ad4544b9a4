import { describe, expect, it } from 'vitest';
import { isClientRoute } from './routes';

describe('the paths the browser app answers', () => {
  it.each(['/', '/top-up', '/profile', '/profile/', '/admin', '/admin/'])('%s is a page', (path) => {
    expect(isClientRoute(path)).toBe(true);
  });

  it.each(['/admin/orders', '/admin/orders/0b7e4c1a-5f7e-4d0e-9a65-2f1d3c4b5a69', '/admin/customers/u1', '/admin/attention', '/admin/audit'])(
    '%s is a page of the operations console, so a reload or a shared link opens it',
    (path) => {
      expect(isClientRoute(path)).toBe(true);
    },
  );

  it.each(['/request', '/r/hPq1r0Zk5v3cX9yBn2mW8tL4sJ6dF0gA7eU1iO3pQ5w'])(
    '%s is a page: a request link opens the app, whatever its token',
    (path) => {
      expect(isClientRoute(path)).toBe(true);
    },
  );

  it.each(['/profile/orders/0b7e4c1a-5f7e-4d0e-9a65-2f1d3c4b5a69/receipt', '/profile/orders/anything/receipt/'])(
    '%s is an order’s receipt page (the page itself answers a not-found order)',
    (path) => {
      expect(isClientRoute(path)).toBe(true);
    },
  );

  it.each([
    '/profile/orders/a/b/receipt',
    '/profile/orders//receipt',
    '/r/',
    '/r/a/b',
    '/r/<b>',
    '/nothing-here',
    '/administrator',
    '/profile/orders',
    '/adminx/orders',
  ])('%s is not a page (404)', (path) => {
    expect(isClientRoute(path)).toBe(false);
  });
});
