import { at, json, insert } from './common.mjs';

// The settings: the built-in Training profile and the agency's own, with and without status rules.

export function fillSettings(db, version) {
  // Migration 1 made the Training profile with the clock's time; a fixture keeps a fixed one.
  db.prepare('UPDATE profiles SET created_at = ? WHERE id = 1').run(at(0));
  const rules = {
    final: ['Paid', 'Cancelled', 'Voided'],
    confirmed: ['Paid'],
    awaitingSupplier: ['OnRequest'],
    notCancellable: ['Cancelled', 'Voided'],
    modifiable: ['Paid'],
  };
  insert(db, 'profiles', {
    id: 2,
    name: 'Agency Live',
    kind: 'live',
    base_url: 'https://api.agency.example',
    built_in: 0,
    created_at: at(10),
    status_rules: version >= 2 ? json(rules) : null,
  });
  insert(db, 'profiles', {
    id: 3,
    name: 'Agency Test',
    kind: 'test',
    base_url: 'https://sandbox.agency.example/v2',
    built_in: 0,
    created_at: at(11),
    status_rules: null,
  });
  insert(db, 'profiles', {
    id: 4,
    name: 'Reisebüro Zürich',
    kind: 'live',
    base_url: 'https://partner.reisen.example',
    built_in: 0,
    created_at: at(12),
    status_rules: null,
  });
  db.prepare("UPDATE preferences SET value = '2' WHERE key = 'active_profile_id'").run();
  // From schema 5 a counter saved each key with its origin: the keys of every agency profile, as migration 5 leaves them.
  if (version >= 5)
    for (const [id, origin] of [
      [2, 'https://api.agency.example'],
      [3, 'https://sandbox.agency.example'],
      [4, 'https://partner.reisen.example'],
    ])
      for (const slot of ['test', 'live', 'publishable']) insert(db, 'key_origins', { profile_id: id, slot, origin });
  // From schema 6 the counter has people: an administrator locked after wrong PINs (never the PIN, only its hash).
  if (version >= 6)
    insert(db, 'agents', {
      id: 1,
      name: 'Rita Sousa',
      role: 'administrator',
      pin_hash: 'scrypt$15$8$3$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g=',
      failed_tries: 0,
      lockouts: 1,
      locked_until: at(20),
      created_at: at(13),
    });
  insert(db, 'preferences', { key: 'window_bounds', value: json({ x: 80, y: 60, width: 1280, height: 820 }) });
}
