import { useTranslation } from 'react-i18next';
import { HeartHandshake, ReceiptText, ShieldCheck } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Page, PageSection } from '@/components/ui/page';

const NUMBERS = [
  { key: 'countries', value: '150+' },
  { key: 'operators', value: '500+' },
  { key: 'support', value: '24/7' },
] as const;

const VALUES = [
  { key: 'transparency', icon: ReceiptText },
  { key: 'security', icon: ShieldCheck },
  { key: 'people', icon: HeartHandshake },
] as const;

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('about.title')} lead={t('about.lead')}>
      <PageSection title={t('about.missionTitle')}>
        <p className="text-muted-foreground">{t('about.mission')}</p>
      </PageSection>
      <PageSection title={t('about.numbersTitle')}>
        <dl className="grid gap-4 sm:grid-cols-3">
          {NUMBERS.map(({ key, value }) => (
            <div key={key} className="rounded-2xl border bg-card p-6 text-center">
              <dt className="text-sm text-muted-foreground">{t(`about.numbers.${key}`)}</dt>
              {/* Figures read left to right in every language: "150+", never "+150". */}
              <dd dir="ltr" className="order-first text-3xl font-extrabold text-primary">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </PageSection>
      <PageSection title={t('about.howTitle')}>
        <p className="text-muted-foreground">{t('about.how')}</p>
      </PageSection>
      <PageSection title={t('about.promiseTitle')}>
        <p className="text-muted-foreground">{t('about.promise')}</p>
      </PageSection>
      <PageSection title={t('about.valuesTitle')}>
        <ul className="grid gap-4 md:grid-cols-3">
          {VALUES.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="h-full">
                <CardHeader>
                  <Icon className="mb-2 size-7 text-primary" aria-hidden="true" />
                  <CardTitle>{t(`about.values.${key}.title`)}</CardTitle>
                  <CardDescription>{t(`about.values.${key}.body`)}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>
    </Page>
  );
}
