import { describe, expect, test } from 'vitest';
import { parseTypedDate } from '../../shared/typed-date';

describe('dates as agents type them', () => {
  test.each([
    ['10/03/2027', '2027-03-10'],
    ['10.3.2027', '2027-03-10'],
    ['1-3-27', '2027-03-01'],
    ['2027-03-10', '2027-03-10'],
    [' 29/02/2028 ', '2028-02-29'],
  ])('%s is %s', (text, iso) => {
    expect(parseTypedDate(text)).toBe(iso);
  });

  test.each(['31/02/2027', '29/02/2027', '10/13/2027', '0002-03-10', '12027-02-10', '10/03', 'tomorrow', ''])(
    '%s is not a date',
    (text) => {
      expect(parseTypedDate(text)).toBeNull();
    },
  );
});
