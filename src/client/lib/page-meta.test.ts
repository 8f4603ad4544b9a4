import { describe, expect, it } from 'vitest';
import { ROUTES } from '@shared/routes';
import pages from '@/i18n/locales/pages/en.json';
import { metaPageOf } from './page-meta';

describe('the page a path shows, for its title', () => {
  it('names every route, the console under one name, and anything else as not found', () => {
    expect(metaPageOf(ROUTES.home)).toBe('home');
    expect(metaPageOf(`${ROUTES.about}/`)).toBe('about');
    expect(metaPageOf(ROUTES.profile)).toBe('profile');
    expect(metaPageOf('/admin/orders/42')).toBe('admin');
    expect(metaPageOf('/profile/orders/0b7e4c1a-5f7e-4d0e-9a65-2f1d3c4b5a69/receipt')).toBe('orderReceipt');
    expect(metaPageOf('/nowhere')).toBe('notFound');
    expect(metaPageOf(ROUTES.requestTopUp)).toBe('requestTopUp');
    expect(metaPageOf('/r/hPq1r0Zk5v3cX9yBn2mW8tL4sJ6dF0gA7eU1iO3pQ5w')).toBe('topUp');
  });

  it('gives every route a title and a description of its own', () => {
    const shown = [...Object.values(ROUTES).map(metaPageOf), 'notFound' as const];
    expect(new Set(shown.map((page) => pages.pageTitle[page])).size).toBe(shown.length);
    for (const page of shown) expect(pages.pageDescription[page].length).toBeGreaterThan(20);
  });
});
