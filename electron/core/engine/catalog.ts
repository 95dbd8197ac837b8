import { defineMessages } from '../../../shared/i18n/messages';
import type { StayRequest } from '../../../shared/bookings';
import { AppError } from '../app-error';
import type { ProfileRecord } from '../profiles';
import type { EngineContext } from './engine-context';
import { remember } from './recent-map';

const words = defineMessages({
  packageUnknown: {
    id: 'error.catalog.packageUnknown.message',
    defaultMessage: 'The service does not list property {propertyId} in package {packageId} (“{packageTitle}”).',
  },
  packageUnknownHint: {
    id: 'error.catalog.packageUnknown.hint',
    defaultMessage: 'Search for the package again and pick the hotel from the list.',
  },
});

/** A package as the service's search gave it: only the fields the screens and a price need. */
export interface Found {
  id: number;
  title: string;
  properties: { id: number; name: string }[];
}

/** The service's search, and the package and property names its answers gave, kept so a price never takes a name from the renderer. */
export function createCatalog(context: EngineContext) {
  const { deps } = context;
  /** Packages as the service's search gave them (a package's few hotels are looked up in its list). */
  const catalog = new Map<number, Found>();
  const nameOf = (entry: Found | undefined, propertyId: number) => entry?.properties.find((property) => property.id === propertyId)?.name;

  async function search(profile: ProfileRecord, title: string): Promise<Found[]> {
    const answer = await deps.clientFor(profile).search(title);
    const found = answer.data.map((entry) => ({
      id: entry.id,
      title: entry.title,
      properties: entry.properties.map((property) => ({ id: property.id, name: property.name })),
    }));
    // The entries kept are the ones returned: the screens get copies (IPC), and the engine's callers only read them.
    for (const entry of found) remember(catalog, entry.id, entry);
    return found;
  }

  /** The service's names for a package and property; searched again by the title given if not known yet. */
  async function namesOf(profile: ProfileRecord, stay: StayRequest): Promise<{ packageTitle: string; propertyName: string }> {
    if (nameOf(catalog.get(stay.packageId), stay.propertyId) === undefined) await search(profile, stay.packageTitle);
    const entry = catalog.get(stay.packageId);
    const propertyName = nameOf(entry, stay.propertyId);
    if (!entry || propertyName === undefined) {
      throw new AppError(
        'package_unknown',
        {
          message: words.packageUnknown,
          values: { propertyId: stay.propertyId, packageId: stay.packageId, packageTitle: stay.packageTitle },
        },
        { message: words.packageUnknownHint },
      );
    }
    return { packageTitle: entry.title, propertyName };
  }

  return { search, namesOf };
}

export type Catalog = ReturnType<typeof createCatalog>;
