import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useTheme } from '@/lib/theme';

/** Light or dark: the button names the theme it switches to. In the shop's header and the console's. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { resolvedTheme, toggleTheme } = useTheme();
  const dark = resolvedTheme === 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggleTheme}
      aria-label={dark ? t('theme.switchToLight') : t('theme.switchToDark')}
      title={t('theme.toggle')}
      data-testid="theme-toggle"
    >
      <Icon name={dark ? 'sun' : 'moon'} className="size-5" />
    </Button>
  );
}
