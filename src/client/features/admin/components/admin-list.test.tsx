import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@/i18n/locales/en.json';
import { adminTexts } from '../admin-texts';
import { AUDIT_FILTERS_IN_URL } from '../lib/audit-filters';
import { MESSAGE_FILTERS_IN_URL } from '../lib/message-filters';
import { ORDER_FILTERS_IN_URL } from '../lib/order-filters';
import { useUrlFilters } from '../lib/use-url-filters';
import { AdminList, ListFilters, pagedList, wholeList, type ListRead } from './admin-list';
import { Td, Tr } from './table';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: { ...en, ...adminTexts().en } } }, interpolation: { escapeValue: false } });
});

interface Row {
  id: string;
  name: string;
}

const ROWS: Row[] = [
  { id: 'a', name: 'Amina' },
  { id: 'b', name: 'Kofi' },
];

/** The list as the page shows it, as HTML. */
function shown(read: ListRead<Row>, extra: { above?: string; counted?: boolean } = {}): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AdminList
          read={read}
          label="People"
          columns={[{ label: 'Id' }, { label: 'Name', className: 'text-end' }]}
          minWidth="min-w-[20rem]"
          testId="people-table"
          empty="Nobody matches."
          rowKey={(row) => row.id}
          row={(row) => (
            <Tr data-testid="person-row">
              <Td>{row.id}</Td>
              <Td>{row.name}</Td>
            </Tr>
          )}
          above={extra.above && <p data-testid="above">{extra.above}</p>}
          counted={extra.counted}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** What useInfiniteQuery answers, for `pages` read so far (none yet: undefined). */
function pagedQuery(
  pages: Row[][] | undefined,
  state: Partial<{ error: Error; hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean }> = {},
) {
  const query = {
    data: pages && { pages: pages.map((rows) => ({ rows })), pageParams: pages.map(() => undefined) },
    error: state.error ?? null,
    isError: state.error !== undefined,
    hasNextPage: state.hasNextPage ?? false,
    isFetchingNextPage: state.isFetchingNextPage ?? false,
    isFetchNextPageError: state.isFetchNextPageError ?? false,
    refetch: vi.fn(),
    fetchNextPage: vi.fn(),
  };
  return { query, read: pagedList(query as unknown as Parameters<typeof pagedList<{ rows: Row[] }, Row>>[0], (page) => page.rows) };
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe('a list read a page at a time', () => {
  it('shows the rows of every page read so far, in a named table, with how many and the next page on demand', () => {
    const { read } = pagedQuery([[ROWS[0]!], [ROWS[1]!]], { hasNextPage: true });
    expect(read.rows).toEqual(ROWS);
    const html = shown(read);
    expect(html).toContain('role="region" aria-label="People"');
    expect(html).toContain('<caption class="sr-only">People</caption>');
    expect(html).toContain('data-testid="people-table"');
    expect(count(html, 'data-testid="person-row"')).toBe(2);
    expect(html).toMatch(/<th scope="col" class="[^"]*text-end[^"]*">Name<\/th>/);
    expect(html).toContain('Showing 2');
    expect(html).toContain('>Load more</button>');
    expect(html).not.toContain('That is all.');
  });

  it('asks for the next page when Load more is pressed, and says so while it comes', () => {
    const { query, read } = pagedQuery([ROWS], { hasNextPage: true, isFetchingNextPage: true });
    read.more!.fetchNextPage();
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(shown(read)).toMatch(/<button[^>]*disabled=""[^>]*>Loading more…<\/button>/);
  });

  it('says when there is no more', () => {
    const html = shown(pagedQuery([ROWS]).read);
    expect(html).toContain('Showing 2 · That is all.');
    expect(html).not.toContain('Load more');
  });

  it('keeps the rows shown when a next page fails, and says why beside them', () => {
    const { read } = pagedQuery([ROWS], { error: new Error('offline'), hasNextPage: true, isFetchNextPageError: true });
    expect(read.failed).toBe(false);
    const html = shown(read);
    expect(count(html, 'data-testid="person-row"')).toBe(2);
    expect(html).toContain('Could not load this page');
    expect(html).toContain('>Load more</button>');
  });

  it('shows one row saying so when nothing matches', () => {
    const html = shown(pagedQuery([[]]).read);
    expect(html).toMatch(/<td colSpan="2" [^>]*data-testid="admin-empty">Nobody matches.<\/td>/);
    expect(html).toContain('Showing 0');
    expect(html).not.toContain('That is all.');
  });

  it('shows that it is loading until the first page comes, and nothing of the table', () => {
    const html = shown(pagedQuery(undefined).read);
    expect(html).toContain('data-testid="admin-loading"');
    expect(html).toContain('Loading…');
    expect(html).not.toContain('people-table');
  });

  it('says the first page failed, with a retry that reads it again', () => {
    const { query, read } = pagedQuery(undefined, { error: new Error('offline') });
    expect(read.failed).toBe(true);
    const html = shown(read, { above: 'counts' });
    expect(html).toContain('data-testid="admin-load-error"');
    expect(html).toContain('Could not load this page');
    expect(html).toContain('>Try again</button>');
    expect(html).not.toContain('people-table');
    expect(html).not.toContain('data-testid="above"');
    read.retry();
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });
});

describe('a list the server sends whole', () => {
  const whole = (data: { people: Row[] } | undefined, error?: Error) =>
    wholeList(
      { data, error: error ?? null, isError: error !== undefined, refetch: vi.fn() } as unknown as Parameters<
        typeof wholeList<{ people: Row[] }, Row>
      >[0],
      (answer) => answer.people,
    );

  it('has no next pages; what is above the table shows once the rows came', () => {
    const read = whole({ people: ROWS });
    expect(read.more).toBeNull();
    const html = shown(read, { above: '2 waiting' });
    expect(html).toContain('<p data-testid="above">2 waiting</p>');
    expect(html).not.toContain('admin-shown');
    expect(html).not.toContain('Load more');
  });

  it('says how many are shown when asked to, and never that there is more', () => {
    const html = shown(whole({ people: ROWS }), { counted: true });
    expect(html).toContain('Showing 2');
    expect(html).not.toContain('That is all.');
  });

  it('is loading, failed or empty as a paged list is', () => {
    expect(shown(whole(undefined))).toContain('data-testid="admin-loading"');
    expect(shown(whole(undefined, new Error('offline')))).toContain('data-testid="admin-load-error"');
    expect(shown(whole({ people: [] }))).toContain('Nobody matches.');
  });
});

describe('a list’s filters', () => {
  function FiltersShown() {
    const [filters] = useUrlFilters(ORDER_FILTERS_IN_URL);
    return <output>{JSON.stringify(filters)}</output>;
  }
  const readAt = (url: string) =>
    JSON.parse(
      /<output>(.*)<\/output>/
        .exec(
          renderToStaticMarkup(
            <MemoryRouter initialEntries={[url]}>
              <FiltersShown />
            </MemoryRouter>,
          ),
        )![1]!
        .replace(/&quot;/g, '"'),
    );

  it('are read from the page’s URL, what a hand-edited URL gets wrong left out', () => {
    const read = readAt('/admin/orders?q=%20%2B234%20&status=refunded,completed,nonsense&country=ng&operator=12x');
    expect([read.q, read.status, read.country, read.operator]).toEqual(['+234', ['completed', 'refunded'], 'NG', '']);
    expect(readAt('/admin/orders')).toEqual(ORDER_FILTERS_IN_URL.fromParams(new URLSearchParams()));
  });

  it.each([
    ['orders', ORDER_FILTERS_IN_URL, 'q=amina&status=completed%2Crefunded&from=2026-03-01&country=NG&operator=341&provider=stripe'],
    ['audit log', AUDIT_FILTERS_IN_URL, 'actor=ops%40example.com&action=order.refund&targetType=order&targetId=o-1&to=2026-03-01'],
    ['messages', MESSAGE_FILTERS_IN_URL, 'filter=unread&q=amina%40example.com'],
  ] as const)('of the %s are written to the URL as they are read from it', (_list, inUrl, query) => {
    const filters = inUrl.fromParams(new URLSearchParams(query));
    expect(inUrl.toParams(filters as never).toString()).toBe(query);
  });

  it('leave out of the URL what is not set', () => {
    expect(MESSAGE_FILTERS_IN_URL.toParams({ filter: 'all', q: '' }).toString()).toBe('');
    expect(ORDER_FILTERS_IN_URL.toParams({ ...ORDER_FILTERS_IN_URL.fromParams(new URLSearchParams()), q: '  kofi ' }).toString()).toBe('q=kofi');
  });

  it('are a search landmark named after the list', () => {
    const html = renderToStaticMarkup(
      <ListFilters label="Search orders" onApply={() => {}} className="grid">
        <input name="q" />
      </ListFilters>,
    );
    expect(html).toBe(
      '<form role="search" aria-label="Search orders" class="rounded-2xl border bg-card p-4 shadow-sm grid"><input name="q"/></form>',
    );
  });
});
