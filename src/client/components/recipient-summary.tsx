import type { ReactNode } from 'react';
import type { SavedRecipient } from '@shared/api/recipients';
import type { Language } from '@shared/constants';
import { flagUrl } from '@shared/flags';
import { formatPhoneInternational } from '@shared/phone-format';
import { countryNameIn } from '@/lib/country-names';
import { cn } from '@/lib/utils';

/**
 * A saved recipient's words: its number as every screen writes it, its title (the name, else the number), its country,
 * and `label` for a sentence: "Mum (+234 803 123 4567)", or the number alone, each part isolated so that it keeps its
 * own direction inside an Arabic sentence.
 */
export function describeRecipient(recipient: SavedRecipient, language: Language) {
  const number = formatPhoneInternational(recipient.nationalNumber, recipient.callingCode);
  const isolatedNumber = `\u2066${number}\u2069`;
  return {
    number,
    title: recipient.name ?? number,
    label: recipient.name ? `\u2068${recipient.name}\u2069 (${isolatedNumber})` : isolatedNumber,
    country: countryNameIn(recipient.countryCode, recipient.countryName, language),
  };
}

/**
 * A saved recipient at a glance: flag, name (or number), then the number, country and operator. The number is
 * isolated left to right, so "+234 803 …" reads the same in Arabic. `extra` is a further line (the last top-up).
 */
export function RecipientSummary({
  recipient,
  language,
  extra,
  className,
}: {
  recipient: SavedRecipient;
  language: Language;
  extra?: ReactNode;
  className?: string;
}) {
  const { number, title, country } = describeRecipient(recipient, language);
  const details = [country, recipient.operatorName].filter(Boolean).join(' · ');
  return (
    <span className={cn('flex min-w-0 items-center gap-3 text-start', className)}>
      <img src={flagUrl(recipient.countryCode)} alt="" width={28} height={21} className="h-[21px] w-7 shrink-0 rounded-sm object-cover" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold">{recipient.name ?? <bdi dir="ltr">{title}</bdi>}</span>
        <span className="truncate text-sm text-muted-foreground">
          {recipient.name && (
            <>
              <bdi dir="ltr">{number}</bdi>
              {' · '}
            </>
          )}
          {details}
        </span>
        {extra && <span className="text-sm text-muted-foreground">{extra}</span>}
      </span>
    </span>
  );
}
