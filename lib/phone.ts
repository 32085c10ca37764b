// Buyers' phone numbers, checked against the current numbering plans with libphonenumber-js and
// its "mobile" metadata, in which a number is valid only when it is a mobile number of its
// country (a fixed line, an unassigned range or a wrong length is refused). The operator table
// (lib/rails/mobile-money/operators.ts) keeps who operates where and the USSD codes; this module
// only says whether a string is a mobile number of one country. Bottom level: the library only.
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/** What a buyer may type: digits, an optional leading + (or 00), spaces, dots, dashes, brackets. */
const TYPED = /^\+?[0-9\s.\-()]{6,32}$/;

/**
 * `raw` as E.164 (+2250554120000) when it is a mobile number of `country` (ISO 3166 alpha-2),
 * written in national or international form (+225..., 00225...); otherwise null.
 */
export function mobileNumberE164(raw: string, country: string): string | null {
  const typed = raw.trim();
  if (!TYPED.test(typed)) return null;
  const p = parsePhoneNumberFromString(typed, country as CountryCode);
  if (!p || p.country !== country || !p.isValid()) return null;
  return p.number;
}
