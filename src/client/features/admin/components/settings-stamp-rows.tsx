import { useTranslation } from 'react-i18next';
import type { SettingsChangeStamp } from '@shared/api/admin-settings';
import { DescriptionRow } from '@/components/ui/description-row';
import { formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/use-language';

/** The version of a versioned setting and who changed it when, as the last rows of its description list. */
export function SettingsStampRows({ settings, testId }: { settings: SettingsChangeStamp & { version: number }; testId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      <DescriptionRow label={t('admin.settings.version')} testId={`${testId}-version`}>
        {settings.version}
      </DescriptionRow>
      <DescriptionRow label={t('admin.settings.changed')} testId={`${testId}-changed`}>
        {settings.updatedAt
          ? t('admin.settings.changedBy', { date: formatDateTime(settings.updatedAt, language), email: settings.updatedByEmail })
          : t('admin.settings.neverChanged')}
      </DescriptionRow>
    </>
  );
}
