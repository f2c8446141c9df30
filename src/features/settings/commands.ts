// Settings are domain data: written to the device database, carried to the server by sync.
import { patchDocument } from '../../db/documents';
import type { AppDatabase } from '../../db/database';
import type { OrganizationFormValues, ProfileFormValues } from './schemas';

export function saveOrganization(db: AppDatabase, orgId: string, values: OrganizationFormValues) {
  return patchDocument(db, 'organizations', orgId, values);
}

export function saveProfile(db: AppDatabase, profileId: string, values: ProfileFormValues) {
  return patchDocument(db, 'profiles', profileId, values);
}
