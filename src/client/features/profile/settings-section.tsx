import { useTranslation } from 'react-i18next';
import { THEMES } from '@shared/constants';
import { LanguageSelect } from '@/components/language-select';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label, NativeSelect } from '@/components/ui/input';
import { isTheme, useTheme } from '@/lib/theme';
import { ReceiptEmailsSwitch } from './receipt-emails-switch';

/** Language and theme, saved to the account like the header's controls, and whether receipts are e-mailed. */
export function SettingsSection({ userId }: { userId: string | undefined }) {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{t('profile.settingsTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="profile-language">{t('language.label')}</Label>
          <LanguageSelect id="profile-language" />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="profile-theme">{t('theme.label')}</Label>
          <NativeSelect id="profile-theme" value={theme} onChange={(event) => isTheme(event.target.value) && setTheme(event.target.value)}>
            {THEMES.map((option) => (
              <option key={option} value={option}>
                {t(`theme.${option}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {userId && <ReceiptEmailsSwitch userId={userId} />}
      </CardContent>
    </Card>
  );
}
