import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { Decision, PermissionEntry } from './can';
import { useCan } from './useCan';

interface CanProps {
  /** permission code, or a comma list (the most permissive part wins) */
  action: string;
  /** permission entries of the current form, checked before the user's own list */
  formPermissions?: readonly PermissionEntry[] | null;
  /** rendered instead when denied @default null */
  fallback?: ReactNode;
  /** a render function receives the decision; an element child is cloned with `disabled` when disabled */
  children: ReactNode | ((decision: Decision) => ReactNode);
}

/** Shows, disables or hides its child according to `can()`. */
export function Can({ action, formPermissions, fallback = null, children }: CanProps) {
  const decide = useCan();
  const decision = decide(action, formPermissions);
  if (typeof children === 'function') return <>{children(decision)}</>;
  if (decision === 'deny') return <>{fallback}</>;
  if (decision === 'disabled' && isValidElement(children)) {
    return cloneElement(children as ReactElement<{ disabled?: boolean }>, { disabled: true });
  }
  return <>{children}</>;
}
