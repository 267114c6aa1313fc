import { useCallback } from 'react';
import { useSession } from '../stores/session';
import { type CanContext, can, type Decision, type PermissionEntry } from './can';

/** `(action, formPermissions?) → 'allow' | 'disabled' | 'deny'` for the signed-in user. */
export function useCan(): (action: string, formPermissions?: readonly PermissionEntry[] | null) => Decision {
  const auth = useSession((s) => s.auth);
  const allAuth = useSession((s) => s.allAuth);
  return useCallback(
    (action, formPermissions) => {
      const ctx: CanContext = { auth, allAuth, formPermissions };
      return can(action, ctx);
    },
    [auth, allAuth],
  );
}
