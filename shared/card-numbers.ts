/** Luhn's check, which every real card number passes. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Does this text hold something that looks like a card number (12–19 digits, spaces or dashes allowed, Luhn-valid)? */
export function containsCardNumber(text: string): boolean {
  for (const match of text.matchAll(/\d[\d -]{10,}\d/g)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 12 && digits.length <= 19 && passesLuhn(digits)) return true;
  }
  return false;
}

/** Walks every string in a parsed JSON value. */
export function anyStringHoldsCardNumber(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') return containsCardNumber(value);
  if (typeof value === 'number') return Number.isInteger(value) && containsCardNumber(String(value));
  if (Array.isArray(value)) return value.some((entry) => anyStringHoldsCardNumber(entry, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, entry]) => containsCardNumber(key) || anyStringHoldsCardNumber(entry, depth + 1));
  }
  return false;
}
