import {
  Ban,
  ClipboardList,
  Gauge,
  Globe,
  Inbox,
  LayoutDashboard,
  ListChecks,
  Repeat,
  ScrollText,
  ShieldAlert,
  Tags,
  TicketPercent,
  TriangleAlert,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { ADMIN_PATHS } from '../admin-paths';

export interface AdminNavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  /** Active only on this exact path (the overview), not on the pages below it. */
  end?: boolean;
  /** Shows the attention queue's count beside the label. */
  showsAttentionCount?: boolean;
  /** Shows how many contact messages nobody has opened yet beside the label. */
  showsUnreadMessages?: boolean;
  /** Shows how many orders the risk rules hold for review beside the label. */
  showsReviewCount?: boolean;
}

/** The console's sections, in the order the navigation lists them; a new section is one more entry here. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: ADMIN_PATHS.overview, labelKey: 'admin.nav.overview', icon: LayoutDashboard, end: true },
  { to: ADMIN_PATHS.orders, labelKey: 'admin.nav.orders', icon: ClipboardList },
  { to: ADMIN_PATHS.attention, labelKey: 'admin.nav.attention', icon: TriangleAlert, showsAttentionCount: true },
  { to: ADMIN_PATHS.reviews, labelKey: 'admin.nav.reviews', icon: ShieldAlert, showsReviewCount: true },
  { to: ADMIN_PATHS.settlement, labelKey: 'admin.nav.settlement', icon: Wallet },
  { to: ADMIN_PATHS.customers, labelKey: 'admin.nav.customers', icon: Users },
  { to: ADMIN_PATHS.messages, labelKey: 'admin.nav.messages', icon: Inbox, showsUnreadMessages: true },
  { to: ADMIN_PATHS.catalogue, labelKey: 'admin.nav.catalogue', icon: Globe },
  { to: ADMIN_PATHS.pricing, labelKey: 'admin.nav.pricing', icon: Tags },
  { to: ADMIN_PATHS.promoCodes, labelKey: 'admin.nav.promos', icon: TicketPercent },
  { to: ADMIN_PATHS.autoTopups, labelKey: 'admin.nav.autotopups', icon: Repeat },
  { to: ADMIN_PATHS.limits, labelKey: 'admin.nav.limits', icon: Gauge },
  { to: ADMIN_PATHS.rules, labelKey: 'admin.nav.rules', icon: ListChecks },
  { to: ADMIN_PATHS.blocklist, labelKey: 'admin.nav.blocklist', icon: Ban },
  { to: ADMIN_PATHS.audit, labelKey: 'admin.nav.audit', icon: ScrollText },
];

/** The section a console path belongs to (an order's page is in Orders), as the navigation marks it. */
export function currentSection(pathname: string): AdminNavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return ADMIN_NAV.find(({ to, end }) => path === to || (!end && path.startsWith(`${to}/`)));
}
