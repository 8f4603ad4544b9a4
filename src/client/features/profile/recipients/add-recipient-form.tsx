import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { recipientNameSchema } from '@shared/api/recipients';
import { digitsOnly, validatePhone } from '@shared/phone-rules';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label, NativeSelect } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useCountries } from '@/lib/countries';
import { countryNameIn } from '@/lib/country-names';
import { useAddRecipient } from '@/lib/saved-recipients';
import { toast } from '@/lib/toast';
import { useLanguage } from '../history/use-language';

type Field = 'countryCode' | 'phone' | 'name';

/**
 * Adds a recipient by hand: a country, a number checked with the recipient step's rules (docs/product.md §5) and an
 * optional name. The server checks them again; its refusal shows under the field it names.
 */
export function AddRecipientForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countries = useCountries();
  const add = useAddRecipient(userId);
  const [countryCode, setCountryCode] = useState('');
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const options = useMemo(() => {
    const collator = new Intl.Collator(language);
    return (countries.data ?? [])
      .filter((country) => country.enabled)
      .map((country) => ({ code: country.iso_name, label: countryNameIn(country.iso_name, country.name, language) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [countries.data, language]);

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!countryCode) found.countryCode = t('validation.countryCode');
    else {
      const number = validatePhone(phone, countryCode);
      if (!number.ok) found.phone = t(number.error.key, number.error.params);
    }
    const named = recipientNameSchema.safeParse(name);
    if (!named.success) found.name = t(named.error.issues[0]!.message);
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(
      { countryCode, phone, name },
      {
        onSuccess: ({ created }) => {
          toast({ title: t(created === false ? 'recipients.add.alreadySaved' : 'recipients.add.added') });
          setPhone('');
          setName('');
        },
        onError: (error) => {
          const field = error instanceof ApiRequestError ? (error.field as Field | undefined) : undefined;
          const text = error instanceof TypeError ? t('profile.failed') : apiErrorText(t, error);
          if (field === 'countryCode' || field === 'phone' || field === 'name') setErrors({ [field]: text });
          else toast({ title: t('recipients.saveFailed'), description: text, variant: 'destructive' });
        },
      },
    );
  };

  const described = (field: Field) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `new-recipient-${field}-error` } : {});
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl border p-4" aria-labelledby="add-recipient-title">
      <h3 id="add-recipient-title" className="font-semibold">
        {t('recipients.add.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="new-recipient-countryCode">{t('recipients.add.country')}</Label>
          <NativeSelect
            id="new-recipient-countryCode"
            value={countryCode}
            onChange={(event) => setCountryCode(event.target.value)}
            {...described('countryCode')}
          >
            <option value="">{t('recipients.add.chooseCountry')}</option>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="new-recipient-countryCode-error">{errors.countryCode}</FieldError>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="new-recipient-phone">{t('recipients.add.phone')}</Label>
          <Input
            id="new-recipient-phone"
            dir="ltr"
            inputMode="numeric"
            autoComplete="off"
            value={phone}
            onChange={(event) => setPhone(digitsOnly(event.target.value))}
            {...described('phone')}
          />
          <FieldError id="new-recipient-phone-error">{errors.phone}</FieldError>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="new-recipient-name">{t('recipients.nameLabel')}</Label>
          <Input id="new-recipient-name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} {...described('name')} />
          <FieldError id="new-recipient-name-error">{errors.name}</FieldError>
        </div>
      </div>
      <Button type="submit" className="self-start" disabled={add.isPending}>
        {t('recipients.add.submit')}
      </Button>
    </form>
  );
}
