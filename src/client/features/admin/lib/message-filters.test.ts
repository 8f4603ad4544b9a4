import { describe, expect, it } from 'vitest';
import { messageFiltersFromParams, messageFiltersToParams, messageFiltersToQuery } from './message-filters';

describe('the messages’ filters in the URL', () => {
  it('read the filter and the search box, and leave out what a hand-edited URL gets wrong', () => {
    expect(messageFiltersFromParams(new URLSearchParams('filter=open&q=%20amina%20'))).toEqual({ filter: 'open', q: 'amina' });
    expect(messageFiltersFromParams(new URLSearchParams('filter=archived'))).toEqual({ filter: 'all', q: '' });
    expect(messageFiltersFromParams(new URLSearchParams(`q=${'a'.repeat(300)}`)).q).toHaveLength(254);
  });

  it('write only what narrows the inbox, and ask the server for the same', () => {
    expect(messageFiltersToParams({ filter: 'all', q: '' }).toString()).toBe('');
    expect(messageFiltersToParams({ filter: 'handled', q: 'kofi' }).toString()).toBe('filter=handled&q=kofi');
    expect(messageFiltersToQuery({ filter: 'unread', q: '' })).toEqual({ filter: 'unread', q: undefined });
  });
});
