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

/** The service's search, and the package and property names its answers gave, kept so a price never takes a name from the renderer. */
export function createCatalog(context: EngineContext) {
  const { deps } = context;
  /** Package and property names as the service's search gave them. */
  const catalog = new Map<number, { title: string; properties: Map<number, string> }>();

  async function search(profile: ProfileRecord, title: string) {
    const answer = await deps.clientFor(profile).search(title);
    const found = answer.data.map((entry) => ({
      id: entry.id,
      title: entry.title,
      properties: entry.properties.map((property) => ({ id: property.id, name: property.name })),
    }));
    for (const entry of found)
      remember(catalog, entry.id, {
        title: entry.title,
        properties: new Map(entry.properties.map((property) => [property.id, property.name])),
      });
    return found;
  }

  /** The service's names for a package and property; searched again by the title given if not known yet. */
  async function namesOf(profile: ProfileRecord, stay: StayRequest): Promise<{ packageTitle: string; propertyName: string }> {
    if (!catalog.get(stay.packageId)?.properties.has(stay.propertyId)) await search(profile, stay.packageTitle);
    const entry = catalog.get(stay.packageId);
    const propertyName = entry?.properties.get(stay.propertyId);
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
