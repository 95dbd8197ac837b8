import { describe, expect, test } from 'vitest';
import { moneyStep } from '../../electron/core/ledger/money-movements';
import type { MoneyStage } from '../../electron/core/ledger/money-movements';
import { SPEC_STATUS_RULES, TRAINING_STATUS_RULES } from '../../shared/status-rules';

const facts = (status: string, bookingReference: string | null, totalMinor = 1000) => ({ status, bookingReference, totalMinor });

describe('the money a booking’s change of state moves, as the service records it', () => {
  test.each<[string, MoneyStage, number, ReturnType<typeof facts>, MoneyStage, [string, number][]]>([
    ['a hold moves nothing', 'none', 0, facts('Pending', null), 'none', []],
    ['a hold cancelled moves nothing', 'none', 0, facts('Cancelled', null), 'ended', []],
    ['a reference authorizes the total', 'none', 0, facts('Confirming', 'PKD1'), 'authorized', [['authorized', 1000]]],
    ['the supplier’s yes captures it', 'authorized', 1000, facts('Paid', 'PKD1'), 'captured', [['captured', 1000]]],
    [
      'a lost answer read back Paid: authorized and captured',
      'none',
      0,
      facts('Paid', 'PKD1'),
      'captured',
      [
        ['authorized', 1000],
        ['captured', 1000],
      ],
    ],
    ['the supplier’s no releases it', 'authorized', 1000, facts('Failed', 'PKD1'), 'ended', [['released', 1000]]],
    ['cancelled before capture: released', 'authorized', 1000, facts('Cancelled', 'PKD1'), 'ended', [['released', 1000]]],
    ['cancelled once paid: refunded in full', 'captured', 1000, facts('Cancelled', 'PKD1'), 'ended', [['refunded', 1000]]],
    ['a cheaper change: the difference refunded', 'captured', 1000, facts('Paid', 'PKD1', 800), 'captured', [['refunded', 200]]],
    ['a dearer change paid at its link', 'captured', 1000, facts('Paid', 'PKD1', 1300), 'captured', [['paid_at_link', 300]]],
    ['a status the rules do not name keeps what was captured', 'captured', 1000, facts('Change pending', 'PKD1'), 'captured', []],
    ['nothing moves after the end', 'ended', 0, facts('Paid', 'PKD1', 5000), 'ended', []],
  ])('%s', (_, stage, held, now, nextStage, movements) => {
    const step = moneyStep(stage, held, now, TRAINING_STATUS_RULES);
    expect(step.stage).toBe(nextStage);
    expect(step.movements.map((movement) => [movement.kind, movement.amountMinor])).toEqual(movements);
  });

  test('what a status means comes from the profile’s rules: Failed is no ending where the rules do not say so', () => {
    expect(moneyStep('authorized', 1000, facts('Failed', 'PKD1'), SPEC_STATUS_RULES).movements).toEqual([]);
  });
});
