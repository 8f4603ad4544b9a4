import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';

/** The top-level error view: shown when a page fails to load or render. */
export function ErrorView() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <Icon name="triangle-alert" className="size-12 text-destructive" />
      <h1 className="text-2xl font-bold">{t('errorView.title')}</h1>
      <p className="text-muted-foreground">{t('errorView.body')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.tryAgain')}</Button>
    </div>
  );
}
