import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../sqlite/database';

export interface OrganizationKeys {
  organizationId: number;
  testKey: string;
  liveKey: string;
}

const secret = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;

/** An organization and its two keys; the caller holds the transaction. */
function insertOrganization(db: DatabaseSync, name: string): OrganizationKeys {
  const organizationId = Number(db.prepare('INSERT INTO organizations (name) VALUES (?)').run(name).lastInsertRowid);
  const testKey = secret('sk_test_');
  const liveKey = secret('sk_live_');
  const insert = db.prepare('INSERT INTO api_keys (key, organization_id, kind) VALUES (?, ?, ?)');
  insert.run(testKey, organizationId, 'test');
  insert.run(liveKey, organizationId, 'live');
  return { organizationId, testKey, liveKey };
}

export const createOrganization = (db: DatabaseSync, name: string): OrganizationKeys => transaction(db, () => insertOrganization(db, name));

/** The organization kept under `label` (each trainee's own, so their bookings stay apart), made on first use and kept in the data file. */
export function organizationFor(db: DatabaseSync, label: string, training: OrganizationKeys): OrganizationKeys {
  if (label === 'training') return training;
  const key = `org:${label}`;
  const kept = db.prepare('SELECT value FROM service_settings WHERE key = ?').get(key) as { value: string } | undefined;
  if (kept) return JSON.parse(kept.value) as OrganizationKeys;
  return transaction(db, () => {
    const keys = insertOrganization(db, `Training: ${label}`);
    db.prepare('INSERT INTO service_settings (key, value) VALUES (?, ?)').run(key, JSON.stringify(keys));
    return keys;
  });
}

/** A fresh training day: every booking of the organization with its payments, changes and events, and its offers and tokens, gone. Keys stay. */
export function forgetOrganizationBookings(db: DatabaseSync, organizationId: number): number {
  return transaction(db, () => {
    const owned = 'SELECT id FROM bookings WHERE organization_id = ?';
    for (const table of ['payments', 'payment_intents', 'modifications', 'events', 'room_ids'])
      db.prepare(`DELETE FROM ${table} WHERE booking_id IN (${owned})`).run(organizationId);
    const gone = Number(db.prepare('DELETE FROM bookings WHERE organization_id = ?').run(organizationId).changes);
    db.prepare('DELETE FROM offers WHERE organization_id = ?').run(organizationId);
    db.prepare('DELETE FROM prebook_tokens WHERE organization_id = ?').run(organizationId);
    return gone;
  });
}

/** The first organization and the admin key, made once per data file and kept. */
export function bootstrapKeys(db: DatabaseSync): { keys: OrganizationKeys; adminKey: string } {
  const setting = (key: string) =>
    (db.prepare('SELECT value FROM service_settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  if (!setting('training_org')) {
    const keys = createOrganization(db, 'Training Agency');
    db.prepare('INSERT INTO service_settings (key, value) VALUES (?, ?), (?, ?)').run(
      'training_org',
      JSON.stringify(keys),
      'admin_key',
      secret('sandbox_admin_'),
    );
  }
  return { keys: JSON.parse(setting('training_org') as string) as OrganizationKeys, adminKey: setting('admin_key') as string };
}
