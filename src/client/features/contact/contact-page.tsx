import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Clock3, Mail, MessageSquareText, Timer } from 'lucide-react';
import { CONTACT_TOPICS, contactRequestSchema, type ContactRequest } from '@shared/api/contact';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label, NativeSelect, Textarea } from '@/components/ui/input';
import { Page } from '@/components/ui/page';
import { isLanguage } from '@/i18n';
import { apiErrorText } from '@/lib/api-error-text';
import { referenceFromContactSearch } from '@/lib/contact-about-order';
import { toast } from '@/lib/toast';
import { useSendContactMessage } from './api/send-contact-message';

type ContactFields = Omit<ContactRequest, 'language'>;
const fieldsSchema = contactRequestSchema.omit({ language: true });

function InfoItem({ icon: Icon, title, children }: { icon: typeof Mail; title: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3">
      <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div>
        <h2 className="font-semibold">{title}</h2>
        <div className="text-sm text-muted-foreground">{children}</div>
      </div>
    </div>
  );
}

export function ContactPage() {
  const { t, i18n } = useTranslation();
  const send = useSendContactMessage();
  // Opened from an order (its result screen or its details): the message starts with the order's reference.
  const { search } = useLocation();
  const reference = referenceFromContactSearch(search);
  const form = useForm<ContactFields>({
    resolver: zodResolver(fieldsSchema),
    defaultValues: { name: '', email: '', topic: 'topup', message: reference ? t('contact.aboutOrder', { reference }) : '' },
  });
  const { errors } = form.formState;
  const errorText = (field: keyof ContactFields) => (errors[field]?.message ? t(errors[field].message) : undefined);

  const onSubmit = form.handleSubmit(async (fields) => {
    try {
      await send.mutateAsync({ ...fields, language: isLanguage(i18n.language) ? i18n.language : 'en' });
      form.reset();
      toast({ title: t('contact.sentTitle'), description: t('contact.sentBody') });
    } catch (error) {
      toast({ title: t('contact.failedTitle'), description: apiErrorText(t, error), variant: 'destructive' });
    }
  });

  const fieldProps = (field: keyof ContactFields) => ({
    id: `contact-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
    ...form.register(field),
  });

  return (
    <Page title={t('contact.title')} lead={t('contact.lead')}>
      <div className="grid gap-8 md:grid-cols-[1fr_1.4fr]">
        <div className="flex flex-col gap-6">
          <InfoItem icon={Mail} title={t('contact.emailTitle')}>
            <a href={`mailto:${t('contact.email')}`} className="text-primary hover:underline">
              {t('contact.email')}
            </a>
          </InfoItem>
          <InfoItem icon={Clock3} title={t('contact.hoursTitle')}>
            {t('contact.hours')}
          </InfoItem>
          <InfoItem icon={Timer} title={t('contact.responseTitle')}>
            {t('contact.response')}
          </InfoItem>
          <InfoItem icon={MessageSquareText} title={t('contact.tipTitle')}>
            {t('contact.tip')}
          </InfoItem>
        </div>

        <Card>
          <CardHeader>
            <CardTitle>{t('contact.formTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="contact-name">{t('contact.name')}</Label>
                <Input autoComplete="name" {...fieldProps('name')} />
                <FieldError id="contact-name-error">{errorText('name')}</FieldError>
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="contact-email">{t('contact.emailLabel')}</Label>
                <Input type="email" autoComplete="email" dir="ltr" {...fieldProps('email')} />
                <FieldError id="contact-email-error">{errorText('email')}</FieldError>
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="contact-topic">{t('contact.topic')}</Label>
                <NativeSelect {...fieldProps('topic')}>
                  {CONTACT_TOPICS.map((topic) => (
                    <option key={topic} value={topic}>
                      {t(`contact.topics.${topic}`)}
                    </option>
                  ))}
                </NativeSelect>
                <FieldError id="contact-topic-error">{errorText('topic')}</FieldError>
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="contact-message">{t('contact.message')}</Label>
                <Textarea rows={6} {...fieldProps('message')} />
                <FieldError id="contact-message-error">{errorText('message')}</FieldError>
              </div>
              <Button type="submit" disabled={send.isPending} className="self-start">
                {send.isPending ? t('contact.sending') : t('contact.send')}
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
