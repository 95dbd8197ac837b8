/**
 * ISO 4217 minor units: how many digits after the point an amount in minor units has. The spec's
 * amounts are integers "in minor currency units", so a wrong table moves a decimal point on a price.
 * Intl's digits follow CLDR's display habits (IQD 0, where ISO says 3), so ISO's own table is kept here.
 */
const MINOR_UNITS: Readonly<Record<number, readonly string[]>> = {
  0: ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'],
  3: ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'],
  4: ['CLF', 'UYW'],
  2: [
    'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BMD', 'BND', 'BOB', 'BOV', 'BRL', 'BSD',
    'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHE', 'CHF', 'CHW', 'CNY', 'COP', 'COU', 'CRC', 'CUC', 'CUP', 'CVE', 'CZK', 'DKK', 'DOP', 'DZD',
    'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR',
    'IRR', 'JMD', 'KES', 'KGS', 'KHR', 'KPW', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP',
    'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MXV', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN',
    'QAR', 'RON', 'RSD', 'RUB', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SLL', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL',
    'THB', 'TJS', 'TMT', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'USD', 'USN', 'UYU', 'UZS', 'VED', 'VES', 'WST', 'XCD', 'XCG', 'YER', 'ZAR',
    'ZMW', 'ZWG', 'ZWL',
  ],
};

/** Codes ISO lists with no minor unit at all (metals, fund units, testing): amounts are whole units. */
const NO_MINOR_UNIT = ['XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX'];

const digitsByCode = new Map<string, number>([
  ...Object.entries(MINOR_UNITS).flatMap(([digits, codes]) => codes.map((code) => [code, Number(digits)] as [string, number])),
  ...NO_MINOR_UNIT.map((code) => [code, 0] as [string, number]),
]);

/** Minor-unit digits of an ISO 4217 code; null for a code ISO does not list. */
export function isoMinorUnits(currency: string): number | null {
  return digitsByCode.get(currency.toUpperCase()) ?? null;
}

export const isKnownCurrency = (currency: string) => digitsByCode.has(currency.toUpperCase());
