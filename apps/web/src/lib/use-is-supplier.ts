import { isSupplier } from './permissions.ts';
import { useProfile } from './profile.tsx';

/**
 * Whether the signed-in user is a supplier's contact; undefined while that is not known yet (no
 * profile in this browser, and the first one still on its way). A profile that could not be read
 * counts as not a supplier's, as the screens did before suppliers signed in.
 */
export function useIsSupplier(): boolean | undefined {
  const { profile, status } = useProfile();
  if (profile) return isSupplier(profile.role);
  return status === 'loading' ? undefined : false;
}
