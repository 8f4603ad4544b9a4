import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';

const SECTIONS = [
  'service',
  'eligibility',
  'orders',
  'pricing',
  'payment',
  'delivery',
  'refunds',
  'prohibited',
  'privacy',
  'liability',
  'changes',
  'contact',
] as const;

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('terms.title')} lead={t('terms.intro')}>
      <p className="-mt-6 text-sm text-muted-foreground">{t('terms.updated')}</p>
      {SECTIONS.map((key) => (
        <section key={key} id={key} aria-labelledby={`terms-${key}`} className="scroll-mt-24">
          <h2 id={`terms-${key}`} className="text-xl font-semibold">
            {t(`terms.sections.${key}.title`)}
          </h2>
          <p className="mt-2 leading-relaxed text-muted-foreground">{t(`terms.sections.${key}.body`)}</p>
        </section>
      ))}
    </Page>
  );
}
