import { passesLuhn } from './luhn';

// Digits in groups joined by one space, dot, dash or underscore (`pm_4242_4242_4242_4242`), not glued
// to letters or other digits: a card number written out, but not a run inside a random hex id.
const DIGIT_GROUPS = /(?<![\p{L}\p{N}])\d+(?:[ .\-_]\d+)*(?![\p{L}\p{N}])/gu;

/**
 * Does this text hold something that looks like a card number: 13 to 19 digits that pass Luhn,
 * written together or with spaces, dots, dashes or underscores, in ASCII or full-width digits?
 */
export function containsCardNumber(text: string): boolean {
  // NFKC turns full-width digits and spaces into ASCII ones.
  for (const match of text.normalize('NFKC').matchAll(DIGIT_GROUPS)) {
    // Any run of whole groups counts, so a card number next to other numbers is found too.
    const groups = match[0].split(/[ .\-_]/);
    for (let start = 0; start < groups.length; start += 1) {
      let digits = '';
      for (let end = start; end < groups.length && digits.length <= 19; end += 1) {
        digits += groups[end] ?? '';
        if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) return true;
      }
    }
  }
  return false;
}

/** The text with every run of digits that holds a card number (as `containsCardNumber` finds one) replaced by `[card number]`. */
export function redactCardNumbers(text: string): string {
  const normalized = text.normalize('NFKC');
  return containsCardNumber(normalized)
    ? normalized.replace(DIGIT_GROUPS, (run) => (containsCardNumber(run) ? '[card number]' : run))
    : text;
}

/** Walks every string in a parsed JSON value. */
export function anyStringHoldsCardNumber(value: unknown, depth = 0): boolean {
  return fieldHoldingCardNumber(value, '', depth) !== null;
}

/** The path of the first field of a JSON value that holds a card number ('' for the value itself), or null. */
export function fieldHoldingCardNumber(value: unknown, path = '', depth = 0): string | null {
  if (depth > 20) return null;
  if (typeof value === 'string') return containsCardNumber(value) ? path : null;
  if (typeof value === 'number') return Number.isInteger(value) && containsCardNumber(String(value)) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) {
      const found = fieldHoldingCardNumber(entry, `${path}[${index}]`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (containsCardNumber(key)) return at;
      const found = fieldHoldingCardNumber(entry, at, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}
