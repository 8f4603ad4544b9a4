import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, Hourglass, Info } from 'lucide-react';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

type Outcome = 'succeeded' | 'processing' | 'failed' | 'missing';

/** The payment provider sends the browser here with payment_intent and redirect_status after a redirect. */
function outcomeOf(params: URLSearchParams): Outcome {
  if (!params.get('payment_intent')) return 'missing';
  const status = params.get('redirect_status');
  if (status === 'succeeded') return 'succeeded';
  if (status === 'processing') return 'processing';
  return 'failed';
}

const ICONS = { succeeded: CircleCheck, processing: Hourglass, failed: CircleAlert, missing: Info } as const;

export function PaymentCompletePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const outcome = outcomeOf(params);
  const Icon = ICONS[outcome];
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12">
      <Card className="text-center">
        <CardHeader className="items-center">
          <Icon className={outcome === 'failed' ? 'size-12 text-destructive' : 'size-12 text-primary'} aria-hidden="true" />
          <h1 className="text-2xl font-bold">{t('paymentComplete.title')}</h1>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-6">
          <p className="text-muted-foreground" role="status">
            {t(`paymentComplete.${outcome}`)}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to={`${ROUTES.home}?reset=true`}>{t('paymentComplete.makeAnother')}</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to={ROUTES.home}>{t('common.backToHome')}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
