import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router';
import { ADMIN_PATHS } from './admin-paths';
import { addAdminTexts } from './admin-texts';
import { AdminPageFrame } from './components/admin-page-frame';
import { linkClass } from './components/link-class';
import { AdminLayout } from './layout/admin-layout';
import { AttentionPage } from './pages/attention-page';
import { AutoTopupPage, AutoTopupsPage } from './pages/auto-topups-page';
import { AuditPage } from './pages/audit-page';
import { BlocklistPage } from './pages/blocklist-page';
import { CatalogueCountryPage } from './pages/catalogue-country-page';
import { CataloguePage } from './pages/catalogue-page';
import { CustomerPage } from './pages/customer-page';
import { CustomersPage } from './pages/customers-page';
import { LimitsPage } from './pages/limits-page';
import { MessagePage } from './pages/message-page';
import { MessagesPage } from './pages/messages-page';
import { OrderPage } from './pages/order-page';
import { OrdersPage } from './pages/orders-page';
import { OverviewPage } from './pages/overview-page';
import { PricingPage } from './pages/pricing-page';
import { PromoCodesPage } from './pages/promo-codes-page';
import { ReviewsPage } from './pages/reviews-page';
import { RiskRulesPage } from './pages/risk-rules-page';
import { SettlementPage } from './pages/settlement-page';

addAdminTexts();

function AdminNotFound() {
  const { t } = useTranslation();
  return (
    <AdminPageFrame title={t('notFound.title')} lead={t('admin.common.notFound')}>
      <Link to={ADMIN_PATHS.overview} className={linkClass}>
        {t('admin.common.backToOverview')}
      </Link>
    </AdminPageFrame>
  );
}

/**
 * The operations console (/admin/*), loaded on its first visit by admins only. Each page has an address of its own,
 * so a reload or a shared link opens the same page (and the same filters, kept in the search params).
 */
export function AdminPage() {
  return (
    <AdminLayout>
      <Routes>
        <Route index element={<OverviewPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:orderId" element={<OrderPage />} />
        <Route path="attention" element={<AttentionPage />} />
        <Route path="customers" element={<CustomersPage />} />
        <Route path="customers/:customerId" element={<CustomerPage />} />
        <Route path="catalogue" element={<CataloguePage />} />
        <Route path="catalogue/:iso" element={<CatalogueCountryPage />} />
        <Route path="messages" element={<MessagesPage />} />
        <Route path="messages/:messageId" element={<MessagePage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="promos" element={<PromoCodesPage />} />
        <Route path="autotopups" element={<AutoTopupsPage />} />
        <Route path="autotopups/:id" element={<AutoTopupPage />} />
        <Route path="limits" element={<LimitsPage />} />
        <Route path="settlement" element={<SettlementPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="rules" element={<RiskRulesPage />} />
        <Route path="blocklist" element={<BlocklistPage />} />
        <Route path="*" element={<AdminNotFound />} />
      </Routes>
    </AdminLayout>
  );
}
