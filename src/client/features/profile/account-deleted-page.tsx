import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';

/** Where the browser lands once the account is deleted and signed out. */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center" data-testid="account-deleted">
      <CircleCheck className="size-12 text-primary" aria-hidden="true" />
      <h1 className="text-3xl font-bold">{t('accountDeleted.title')}</h1>
      <p className="text-muted-foreground">{t('accountDeleted.body')}</p>
      <p className="text-sm text-muted-foreground">{t('accountDeleted.kept')}</p>
      <Button asChild>
        <Link to={ROUTES.home}>{t('common.backToHome')}</Link>
      </Button>
    </div>
  );
}
