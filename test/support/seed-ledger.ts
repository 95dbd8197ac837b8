import { DatabaseSync } from 'node:sqlite';
import { CATALOG } from '../../electron/sandbox/catalog';

const FIRST = [
  'Ana',
  'Luca',
  'Kenji',
  'Maria',
  'Oliver',
  'Sofia',
  'Jan',
  'Amira',
  'Chen',
  'Lea',
  'Tomás',
  'Ingrid',
  'Ravi',
  'Chloé',
  'Mateus',
  'Yuki',
];
const LAST = [
  'Silva',
  'Bianchi',
  'Tanaka',
  'García',
  'Smith',
  'Rossi',
  'Novak',
  'Haddad',
  'Wang',
  'Müller',
  'Ferreira',
  'Larsen',
  'Patel',
  'Dubois',
  'Costa',
  'Sato',
];
const STATUSES = ['Paid', 'Paid', 'Paid', 'Paid', 'Cancelled', 'Pending', 'Failed'];

/**
 * Writes `count` realistic bookings straight into a ledger file in one transaction, as years of
 * a busy counter would leave it; the FTS index is filled by the ledger's own triggers.
 */
export function seedLedger(file: string, profileId: number, count: number): void {
  const db = new DatabaseSync(file);
  const insert = db.prepare(
    `INSERT INTO bookings (profile_id, profile_kind, service_booking_id, package_id, package_title, property_id, property_name, check_in, check_out, adults,
      holder_name, holder_surname, holder_email, paxes, items, total_minor, currency, client_reference, booking_reference, status, created_at, updated_at)
     VALUES (?, 'training', ?, ?, ?, ?, ?, ?, ?, 2, ?, ?, ?, '[40,38]', '[]', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const start = Date.parse('2024-01-01T09:00:00Z');
  db.exec('BEGIN');
  for (let index = 0; index < count; index += 1) {
    const pkg = CATALOG[index % CATALOG.length] as (typeof CATALOG)[number];
    const property = pkg.properties[index % pkg.properties.length] as (typeof pkg.properties)[number];
    const first = FIRST[index % FIRST.length] as string;
    const last = LAST[Math.floor(index / FIRST.length) % LAST.length] as string;
    const created = new Date(start + index * 600_000).toISOString();
    const checkIn = new Date(start + index * 600_000 + 30 * 86_400_000).toISOString().slice(0, 10);
    const checkOut = new Date(start + index * 600_000 + 33 * 86_400_000).toISOString().slice(0, 10);
    const status = STATUSES[index % STATUSES.length] as string;
    insert.run(
      profileId,
      500_000 + index,
      pkg.id,
      pkg.title,
      property.id,
      property.name,
      checkIn,
      checkOut,
      first,
      `${last}${index}`,
      `${first.toLowerCase()}.${index}@example.com`,
      property.baseNightly * 3,
      pkg.currency,
      `PD-SEED-${String(index + 1).padStart(6, '0')}`,
      status === 'Pending' ? null : `PKDSEED${String(index).padStart(5, '0')}`,
      status,
      created,
      created,
    );
  }
  db.exec('COMMIT');
  db.close();
}
