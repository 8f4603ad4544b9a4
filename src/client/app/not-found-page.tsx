import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-sm font-semibold text-primary">{t('notFound.code')}</p>
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.body')}</p>
      <Button asChild>
        <Link to={ROUTES.home}>{t('common.backToHome')}</Link>
      </Button>
    </div>
  );
}
