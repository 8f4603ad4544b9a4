import { useTranslation } from 'react-i18next';
import type { AdminCustomerRow } from '@shared/api/admin';
import { Badge } from './status-badge';

/** What kind of account it is, at a glance: admin, blocked, two-factor, e-mail not confirmed. */
export function AccountBadges({ customer }: { customer: Pick<AdminCustomerRow, 'isAdmin' | 'blocked' | 'twoFactorEnabled' | 'emailVerified'> }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1.5" data-testid="account-badges">
      {customer.isAdmin && <Badge tone="progress">{t('admin.customers.admin')}</Badge>}
      {customer.blocked && (
        <Badge tone="bad" testId="badge-blocked">
          {t('admin.customers.blocked')}
        </Badge>
      )}
      <Badge tone={customer.twoFactorEnabled ? 'good' : 'neutral'}>
        {t(customer.twoFactorEnabled ? 'admin.customers.twoFactorOn' : 'admin.customers.twoFactorOff')}
      </Badge>
      {!customer.emailVerified && <Badge tone="warn">{t('admin.customers.unverified')}</Badge>}
    </div>
  );
}
