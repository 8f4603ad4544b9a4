import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A recipient's number as every screen shows it: libphonenumber's international format, "+234 803 123 4567" (the
 * trunk 0 goes, the digits are grouped as the country writes them). `phone` is national digits (with or without the
 * trunk 0) with the country's calling code beside it, or a whole number starting with "+". A number the library
 * cannot read is shown as "+<code> <digits>", or as given without a code.
 */
export function formatPhoneInternational(phone: string, callingCode?: string | null): string {
  const code = callingCode?.replace(/\D/g, '') ?? '';
  const parsed = phone.trim().startsWith('+')
    ? parsePhoneNumberFromString(phone)
    : code
      ? parsePhoneNumberFromString(phone.replace(/\D/g, ''), { defaultCallingCode: code })
      : undefined;
  if (parsed) return parsed.formatInternational();
  return code ? `+${code} ${phone.replace(/\D/g, '').replace(/^0/, '')}` : phone;
}
