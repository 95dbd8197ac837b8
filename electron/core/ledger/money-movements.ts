import type { DatabaseSync } from 'node:sqlite';
import type { MoneyKind } from '../../../shared/reports';
import { isConfirmedStatus, isTerminalStatus } from '../../../shared/status-rules';
import type { StatusRules } from '../../../shared/status-rules';
import { statement } from './statements';

/** Where a booking's money stands at the service: nothing taken, authorized, captured, or ended (released or refunded). */
export type MoneyStage = 'none' | 'authorized' | 'captured' | 'ended';

/** What the ledger shows of a booking, as far as its money goes. */
export interface MoneyFacts {
  status: string;
  bookingReference: string | null;
  totalMinor: number;
}

export interface MoneyStep {
  stage: MoneyStage;
  heldMinor: number;
  movements: { kind: MoneyKind; amountMinor: number }[];
}

/**
 * The money movements a booking's change of state means, as the service records them: a reference
 * is an authorization of the total; a confirmed status (Paid) its capture; an ending (Cancelled, a
 * supplier's refusal) releases what was authorized or refunds what was captured; once captured, a
 * lower total is a refund (a cheaper change) and a higher one a payment at the change's link.
 */
export function moneyStep(stage: MoneyStage, heldMinor: number, now: MoneyFacts, rules: StatusRules): MoneyStep {
  const movements: MoneyStep['movements'] = [];
  const ended = isTerminalStatus(now.status, rules);
  const confirmed = isConfirmedStatus(now.status, rules);
  if (stage === 'none') {
    if (ended) return { stage: 'ended', heldMinor: 0, movements };
    if (now.bookingReference === null && !confirmed) return { stage, heldMinor, movements };
    movements.push({ kind: 'authorized', amountMinor: now.totalMinor });
    stage = 'authorized';
    heldMinor = now.totalMinor;
  }
  if (stage === 'authorized') {
    if (ended) return { stage: 'ended', heldMinor: 0, movements: [...movements, { kind: 'released', amountMinor: heldMinor }] };
    if (!confirmed) return { stage, heldMinor, movements };
    movements.push({ kind: 'captured', amountMinor: heldMinor });
    stage = 'captured';
  }
  if (stage === 'captured') {
    if (ended) return { stage: 'ended', heldMinor: 0, movements: [...movements, { kind: 'refunded', amountMinor: heldMinor }] };
    if (now.totalMinor > heldMinor) movements.push({ kind: 'paid_at_link', amountMinor: now.totalMinor - heldMinor });
    if (now.totalMinor < heldMinor) movements.push({ kind: 'refunded', amountMinor: heldMinor - now.totalMinor });
    return { stage, heldMinor: now.totalMinor, movements };
  }
  return { stage, heldMinor, movements };
}

interface FollowedRow {
  profile_id: number;
  profile_kind: string;
  status: string;
  booking_reference: string | null;
  total_minor: number;
  currency: string;
  origin_counter: string | null;
  made_by: string | null;
  changed_by: string | null;
  stage: MoneyStage | null;
  held_minor: number | null;
}

/**
 * Keeps `booking_money` and `money_movements` (report-schema.ts) with the booking rows: `follow` runs
 * inside the commit that changed a booking, so a movement is recorded with the change or not at all.
 * `rulesOf` says what a profile's statuses mean.
 */
export function createMoneyBook(db: DatabaseSync, iso: () => string, rulesOf: (profileId: number, kind: string) => StatusRules) {
  return {
    follow(bookingId: number): void {
      const row = statement(
        db,
        `SELECT b.profile_id, b.profile_kind, b.status, b.booking_reference, b.total_minor, b.currency, b.origin_counter, b.made_by, b.changed_by,
           m.stage, m.held_minor FROM bookings b LEFT JOIN booking_money m ON m.booking_id = b.id WHERE b.id = ?`,
      ).get(bookingId) as FollowedRow | undefined;
      if (!row) return;
      const facts = { status: row.status, bookingReference: row.booking_reference, totalMinor: row.total_minor };
      const step = moneyStep(row.stage ?? 'none', row.held_minor ?? 0, facts, rulesOf(row.profile_id, row.profile_kind));
      if (row.stage === step.stage && row.held_minor === step.heldMinor) return;
      statement(
        db,
        'INSERT INTO booking_money (booking_id, stage, held_minor) VALUES (?, ?, ?) ON CONFLICT (booking_id) DO UPDATE SET stage = excluded.stage, held_minor = excluded.held_minor',
      ).run(bookingId, step.stage, step.heldMinor);
      const at = iso();
      for (const movement of step.movements) {
        // A sale's money is its maker's; a refund or a change's payment, the agent who last changed it.
        const agent = movement.kind === 'refunded' || movement.kind === 'paid_at_link' ? (row.changed_by ?? row.made_by) : row.made_by;
        statement(
          db,
          'INSERT INTO money_movements (booking_id, profile_id, at, kind, amount_minor, currency, counter, agent) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(bookingId, row.profile_id, at, movement.kind, movement.amountMinor, row.currency, row.origin_counter ?? '', agent ?? '');
      }
    },
  };
}

export type MoneyBook = ReturnType<typeof createMoneyBook>;
