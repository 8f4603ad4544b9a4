import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { contactAboutOrder } from '@/lib/contact-about-order';
import { ROUTES } from '@shared/routes';

interface FailedActionsProps {
  /** The order's reference, which the contact form is filled with; the form opens empty without it. */
  reference: string | undefined;
  /** Absent when the number is not known here: the view then offers the other two. */
  onTryAgain?: () => void;
  onHome(): void;
}

/**
 * What a customer can do after 'Top-up Failed' (ADR 065): try again for the same number (another amount or operator),
 * ask us about this order (its reference already in the contact form), or go back to the home page.
 */
export function FailedActions({ reference, onTryAgain, onHome }: FailedActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap sm:justify-center" data-testid="failed-actions">
      {onTryAgain && (
        <Button type="button" size="lg" onClick={onTryAgain} data-testid="result-try-again">
          {t('common.tryAgain')}
        </Button>
      )}
      <Button size="lg" variant="outline" asChild>
        <Link to={reference ? contactAboutOrder(reference) : ROUTES.contact} data-testid="result-contact">
          {t('footer.contactUs')}
        </Link>
      </Button>
      <Button type="button" size="lg" variant={onTryAgain ? 'ghost' : 'default'} onClick={onHome}>
        {t('common.backToHome')}
      </Button>
    </div>
  );
}
