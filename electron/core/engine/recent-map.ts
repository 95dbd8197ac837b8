/** How many of the service's answers a cache keeps; the oldest go first. */
const MAX_REMEMBERED = 2_000;

/** Keeps `value` as the newest entry of `map`, dropping the oldest past the cap. */
export function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value as K);
}
