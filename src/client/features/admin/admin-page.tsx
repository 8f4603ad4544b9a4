import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';

export function AdminPage() {
  const { t } = useTranslation();
  return <Page title={t('admin.title')} lead={t('admin.subtitle')} />;
}
