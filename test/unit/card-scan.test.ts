import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { fileHoldsCardNumber, storedTextHoldsCardNumber } from '../support/card-scan';
import { withoutNodeTreeBytes } from '../../bench/soak/agency/scan-cards';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir('card-scan-');

const fileWith = (bytes: string) => {
  const file = join(tempDir(), 'ledger.db');
  writeFileSync(file, Buffer.from(bytes, 'latin1'));
  return file;
};

test('a row’s check-in and check-out stored back to back are dates, not a card number', () => {
  // "2027012420270127" passes Luhn: read as one run of digits it looked like a card.
  expect(fileHoldsCardNumber(fileWith('\u0003\u0001-2027-01-242027-01-27\u0002\u0000EUR2026-11-25T06:38:35.926Z\r'))).toBe(false);
});

test('dates a freed block cut short at either end are dates too, not a card number', () => {
  // SQLite overwrites the head of a freed cell: "027-08-12" then "2026-11-2" read as "0270812202611", which passes Luhn.
  expect(fileHoldsCardNumber(fileWith('\u0000A\u0000027-08-122026-11-2\u0000.\u0000!=\u0000Paid2027-08-12'))).toBe(false);
});

test('a counter’s name and id stored back to back are not a card number', () => {
  // "Desk 1" then a UUID starting with digits: "160516678" + "3139" + "4490" passes Luhn.
  expect(fileHoldsCardNumber(fileWith('\u0002Desk 160516678-3139-4490-98bc-186bd09ed6d0\u0000'))).toBe(false);
});

test('a card number is still found next to dates, ids and inside binary bytes', () => {
  expect(fileHoldsCardNumber(fileWith('\u0003\u0001-2027-01-244242 4242 4242 4242\u0002\u0000'))).toBe(true);
  expect(fileHoldsCardNumber(fileWith('60516678-3139-4490-98bc-186bd09ed6d04000002760003184\u0000'))).toBe(true);
  expect(fileHoldsCardNumber(fileWith('\u0000\u00014000002760003184\u0000'))).toBe(true);
  expect(fileHoldsCardNumber(fileWith('\u0000027-08-124242-4242-4242-4242\u0000'))).toBe(true);
});

test('PostgreSQL’s rows as text: its times and a counter id ending in digits are not a card number; a card among them is', () => {
  // "8618" + "100004893942", the id's last two groups, is a 16-digit run that passes Luhn.
  const rows = '(1,d2ec540f-9b55-42ac-8618-100004893942,"2026-11-28 01:22:51.428542+00") (2,"2026-11-28 01:22:51+00")';
  expect(storedTextHoldsCardNumber(rows)).toBe(false);
  expect(storedTextHoldsCardNumber(`${rows} (3,"{""holderName"": ""4242-4242-4242-4242""}")`)).toBe(true);
});

test('a PostgreSQL node tree’s byte list split by a WAL page header is not a card number; a card beside it is', () => {
  // The check "currency ~ '^[A-Z]{3}$'" as schema 4 stored it, cut by a page header after its sixth byte: the tail,
  // "1 65 45 90 93 123 51 125 36", reads as digits that pass Luhn.
  const split = ':constvalue 14 [ 56 0 0 0 94 9\u00d1\u0010\u0002\u00001\u0000\u0000\u00001 65 45 90 93 123 51 125 36 ]}) :location 370}';
  expect(storedTextHoldsCardNumber(withoutNodeTreeBytes(split))).toBe(false);
  expect(storedTextHoldsCardNumber(withoutNodeTreeBytes(`${split}\u0000{"holderName": "4242 4242 4242 4242"}`))).toBe(true);
});
