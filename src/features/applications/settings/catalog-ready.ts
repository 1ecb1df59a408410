import { useFeatureCatalog } from '../../../lib/feature-catalog';
import { applicationsCatalog } from '../catalog';

/**
 * Whether the applications catalog (catalog.ts: kept off /login, loaded with the screens) is in for
 * the active language; screens outside ApplicationsScreen render once it is, so they never show an
 * untranslated id.
 */
export const useApplicationsCatalog = (): boolean => useFeatureCatalog(applicationsCatalog);
