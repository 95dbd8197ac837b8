/** A version as Packdesk numbers its releases: 1.5.0, or 1.5.0-beta.2 (which comes before 1.5.0). */
interface ParsedVersion {
  parts: [number, number, number];
  prerelease: string | null;
}

function parseVersion(version: string): ParsedVersion | null {
  const match = /^(\d{1,5})\.(\d{1,5})\.(\d{1,5})(?:-([0-9A-Za-z.-]{1,40}))?$/.exec(version.trim());
  if (!match) return null;
  return { parts: [Number(match[1]), Number(match[2]), Number(match[3])], prerelease: match[4] ?? null };
}

/**
 * Whether `running` comes before `minimum` in release order. A build whose version is not a release
 * number (a developer's `npm start`) is never held back by it: it is not one of the fleet's installs.
 */
export function isBelowVersion(running: string, minimum: string): boolean {
  const current = parseVersion(running);
  const wanted = parseVersion(minimum);
  if (!current || !wanted) return false;
  for (let index = 0; index < 3; index += 1) {
    const difference = (current.parts[index] ?? 0) - (wanted.parts[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  if (current.prerelease === wanted.prerelease) return false;
  if (current.prerelease === null) return false;
  if (wanted.prerelease === null) return true;
  return current.prerelease.localeCompare(wanted.prerelease, 'en', { numeric: true }) < 0;
}
