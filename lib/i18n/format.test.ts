import { describe, expect, it } from 'vitest';
import { en } from './en';
import { formatAmount, formatAmountLong, formatApprox, formatClock, formatDuration, formatRate, formatSats } from './format';
import { fr } from './fr';
import { fromAcceptLanguage, pickLocale, t } from './index';

// Intl uses narrow no-break spaces in French; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatAmount', () => {
  it('formats CFA francs and Guinean francs without decimals', () => {
    expect(plain(formatAmount(5000, 'XOF', 'fr'))).toBe('5 000 F CFA');
    expect(plain(formatAmount(5000, 'XAF', 'en'))).toBe('5,000 F CFA');
    expect(plain(formatAmount(1250000, 'GNF', 'fr'))).toBe('1 250 000 FG');
  });
  it('formats bitcoin exactly, with sats', () => {
    expect(plain(formatAmount(12345, 'BTC', 'fr'))).toBe('0,00012345 BTC');
    expect(plain(formatAmount(12345, 'BTC', 'en'))).toBe('0.00012345 BTC');
    expect(plain(formatSats(12345, 'fr'))).toBe('12 345 sats');
    expect(plain(formatAmountLong(100_000_000, 'BTC', 'en'))).toBe('1 BTC (100,000,000 sats)');
    expect(plain(formatAmount(2_099_999_999_999_999 % 1_000_000_000, 'BTC', 'en'))).toBe('9.99999999 BTC');
  });
  it('formats USDT with 2 to 6 decimals', () => {
    expect(plain(formatAmount(12_500_000, 'USDT', 'fr'))).toBe('12,50 USDT');
    expect(plain(formatAmount(1_000_000, 'USDT', 'en'))).toBe('1.00 USDT');
    expect(plain(formatAmount(1_234_567, 'USDT', 'en'))).toBe('1.234567 USDT');
    expect(plain(formatAmount(1_000_000_000_000, 'USDT', 'fr'))).toBe('1 000 000,00 USDT');
  });
  it('formats durations', () => {
    expect(formatDuration(179)).toBe('2:59');
    expect(formatDuration(3601)).toBe('1:00:01');
    expect(formatDuration(-5)).toBe('0:00');
  });
});

describe('quotes: approximate amounts, rates, end times', () => {
  it('rounds an approximate USDT amount UP to the cent, exactly', () => {
    // 5,000 F CFA at 600 F CFA per USDT: 8.333334 USDT (the quote, rounded up to the micro-unit).
    expect(plain(formatApprox(8_333_334, 'USDT', 'fr'))).toBe('≈ 8,34 USDT');
    expect(plain(formatApprox(8_333_334, 'USDT', 'en'))).toBe('≈ 8.34 USDT');
    expect(plain(formatApprox(8_340_000, 'USDT', 'en'))).toBe('≈ 8.34 USDT'); // already a whole cent
    expect(plain(formatApprox(8_340_001, 'USDT', 'en'))).toBe('≈ 8.35 USDT');
    expect(plain(formatApprox(1, 'USDT', 'en'))).toBe('≈ 0.01 USDT');
    expect(plain(formatApprox(999_999_999_999, 'USDT', 'fr'))).toBe('≈ 1 000 000,00 USDT');
  });
  it('shows an approximate BTC amount as the page shows bitcoin: exact, with sats', () => {
    expect(plain(formatApprox(8334, 'BTC', 'fr'))).toBe('≈ 0,00008334 BTC (8 334 sats)');
    expect(plain(formatApprox(8334, 'BTC', 'en'))).toBe('≈ 0.00008334 BTC (8,334 sats)');
  });
  it('writes the rate in words with the locale grouping', () => {
    expect(plain(formatRate('600', 'USDT', 'XOF', 'fr'))).toBe('1 USDT = 600 F CFA');
    expect(plain(formatRate('60000000', 'BTC', 'XOF', 'fr'))).toBe('1 BTC = 60 000 000 F CFA');
    expect(plain(formatRate('60000000', 'BTC', 'XAF', 'en'))).toBe('1 BTC = 60,000,000 F CFA');
    expect(plain(formatRate('655.5', 'USDT', 'XOF', 'fr'))).toBe('1 USDT = 655,5 F CFA');
    expect(plain(formatRate('655.25', 'USDT', 'XOF', 'en'))).toBe('1 USDT = 655.25 F CFA');
  });
  it('rounds a long rate half up to 2 decimals and says so', () => {
    expect(plain(formatRate('655.30123456', 'USDT', 'XOF', 'fr'))).toBe('1 USDT ≈ 655,3 F CFA');
    expect(plain(formatRate('655.305', 'USDT', 'XOF', 'en'))).toBe('1 USDT ≈ 655.31 F CFA');
    expect(plain(formatRate('914694103.42446227', 'BTC', 'GNF', 'fr'))).toBe('1 BTC ≈ 914 694 103,42 FG');
    expect(plain(formatRate('59999999.999', 'BTC', 'XOF', 'en'))).toBe('1 BTC ≈ 60,000,000 F CFA');
  });
  it('names the zone of an end time', () => {
    // 2026-01-01 00:15:00 UTC
    expect(plain(formatClock(1_767_226_500, 'XOF', 'fr'))).toBe('00:15 UTC');
    expect(plain(formatClock(1_767_226_500, 'XOF', 'en'))).toBe('00:15 GMT');
    expect(plain(formatClock(1_767_226_500, 'GNF', 'fr'))).toBe('00:15 UTC');
    expect(plain(formatClock(1_767_226_500, 'XAF', 'fr'))).toBe('01:15 UTC+1');
    expect(plain(formatClock(1_767_226_500, 'XAF', 'en'))).toBe('01:15 GMT+1');
  });
});

describe('locales', () => {
  it('has the same keys in both languages', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });
  it('picks cookie, then session, then Accept-Language, then the currency default', () => {
    expect(pickLocale({ cookie: 'en', sessionLocale: 'fr' })).toBe('en');
    expect(pickLocale({ sessionLocale: 'en', acceptLanguage: 'fr' })).toBe('en');
    expect(pickLocale({ sessionLocale: 'auto', acceptLanguage: 'de-DE,en;q=0.8,fr;q=0.5' })).toBe('en');
    expect(pickLocale({ sessionLocale: 'auto', acceptLanguage: 'de', currency: 'XOF' })).toBe('fr');
    expect(pickLocale({ currency: 'BTC' })).toBe('en');
    expect(fromAcceptLanguage('fr-CI,fr;q=0.9')).toBe('fr');
  });
  it('fills placeholders', () => {
    expect(t('fr')('payTo', { merchant: 'Boutique Awa' })).toBe('Payer Boutique Awa');
  });
});
