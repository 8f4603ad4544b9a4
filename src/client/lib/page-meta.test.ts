import { describe, expect, it } from 'vitest';
import { ROUTES } from '@shared/routes';
import en from '@/i18n/locales/en.json';
import { metaPageOf } from './page-meta';

describe('the page a path shows, for its title', () => {
  it('names every route, the console under one name, and anything else as not found', () => {
    expect(metaPageOf(ROUTES.home)).toBe('home');
    expect(metaPageOf(`${ROUTES.about}/`)).toBe('about');
    expect(metaPageOf(ROUTES.profile)).toBe('profile');
    expect(metaPageOf('/admin/orders/42')).toBe('admin');
    expect(metaPageOf('/nowhere')).toBe('notFound');
  });

  it('gives every route a title and a description of its own in the first texts', () => {
    const pages = [...Object.values(ROUTES).map(metaPageOf), 'notFound' as const];
    const titles = pages.map((page) => en.meta[page].title);
    expect(new Set(titles).size).toBe(pages.length);
    for (const page of pages) expect(en.meta[page].description.length).toBeGreaterThan(20);
  });
});
