import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, currentSection } from './admin-nav-items';

const labelOf = (pathname: string) => currentSection(pathname)?.labelKey;

describe('the console’s navigation', () => {
  it('lists every section, each once', () => {
    expect(ADMIN_NAV.map((item) => item.labelKey)).toEqual([
      'admin.nav.overview',
      'admin.nav.orders',
      'admin.nav.attention',
      'admin.nav.reviews',
      'admin.nav.settlement',
      'admin.nav.customers',
      'admin.nav.messages',
      'admin.nav.catalogue',
      'admin.nav.pricing',
      'admin.nav.promos',
      'admin.nav.autotopups',
      'admin.nav.limits',
      'admin.nav.rules',
      'admin.nav.blocklist',
      'admin.nav.audit',
    ]);
    expect(new Set(ADMIN_NAV.map((item) => item.to)).size).toBe(ADMIN_NAV.length);
  });

  it('marks the section of the page, a page below a section included', () => {
    expect(labelOf('/admin')).toBe('admin.nav.overview');
    expect(labelOf('/admin/')).toBe('admin.nav.overview');
    expect(labelOf('/admin/orders')).toBe('admin.nav.orders');
    expect(labelOf('/admin/orders/0b7e4c1a')).toBe('admin.nav.orders');
    expect(labelOf('/admin/customers/u-1')).toBe('admin.nav.customers');
    expect(labelOf('/admin/catalogue')).toBe('admin.nav.catalogue');
    expect(labelOf('/admin/catalogue/NG')).toBe('admin.nav.catalogue');
    expect(labelOf('/admin/attention')).toBe('admin.nav.attention');
    expect(labelOf('/admin/audit')).toBe('admin.nav.audit');
    expect(labelOf('/admin/pricing')).toBe('admin.nav.pricing');
    expect(labelOf('/admin/limits')).toBe('admin.nav.limits');
    expect(labelOf('/admin/reviews')).toBe('admin.nav.reviews');
    expect(labelOf('/admin/rules')).toBe('admin.nav.rules');
    expect(labelOf('/admin/blocklist')).toBe('admin.nav.blocklist');
    expect(labelOf('/admin/messages')).toBe('admin.nav.messages');
    expect(labelOf('/admin/messages/4b1f0c8e')).toBe('admin.nav.messages');
  });

  it('marks nothing for a path that is no section', () => {
    expect(labelOf('/admin/nothing')).toBeUndefined();
    expect(labelOf('/admin/ordersx')).toBeUndefined();
  });

  it('shows the attention count beside the queue only, and the unread count beside the messages only', () => {
    expect(ADMIN_NAV.filter((item) => item.showsAttentionCount).map((item) => item.labelKey)).toEqual(['admin.nav.attention']);
    expect(ADMIN_NAV.filter((item) => item.showsUnreadMessages).map((item) => item.labelKey)).toEqual(['admin.nav.messages']);
  });
});
