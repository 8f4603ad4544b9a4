import { lazy } from 'react';
import { RequireUser } from './guards';

/**
 * The pages behind a sign-in, each behind its guard. The routes load this module first; a page's own code loads
 * only once its guard lets the visitor in, so a visitor sent to /auth (or a customer sent home from /admin) never
 * loads it, and the first bundle carries neither the guards nor the list of files these pages need (ADR 003).
 */
const Profile = lazy(() => import('@/features/profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const Receipt = lazy(() => import('@/features/profile/receipt/receipt-page').then((m) => ({ default: m.ReceiptPage })));
const Request = lazy(() => import('@/features/topup/request/request-page').then((m) => ({ default: m.RequestPage })));
const Admin = lazy(() => import('@/features/admin/admin-page').then((m) => ({ default: m.AdminPage })));

export function ProfilePage() {
  return (
    <RequireUser>
      <Profile />
    </RequireUser>
  );
}

export function OrderReceiptPage() {
  return (
    <RequireUser>
      <Receipt />
    </RequireUser>
  );
}

export function AdminPage() {
  return (
    <RequireUser admin>
      <Admin />
    </RequireUser>
  );
}

/** Request links are made only by signed-in customers with a confirmed address (ADR 022). */
export function RequestTopUpPage() {
  return (
    <RequireUser>
      <Request />
    </RequireUser>
  );
}
