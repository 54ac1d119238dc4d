import { OPERATOR_PERMISSIONS, type OperatorPermission } from '@aposta/contracts';
import { usePermissions, type AccessControlProvider } from '@refinedev/core';
import { currentOperator } from './authProvider';

const isPermission = (p: unknown): p is OperatorPermission =>
  typeof p === 'string' && (OPERATOR_PERMISSIONS as readonly string[]).includes(p);

/**
 * Menus and buttons by role (ROLE_PERMISSIONS, through /auth/me's `permissions`): a resource's menu entry
 * needs its `meta.permission` (a group: any of its entries'); an action asked as a permission name needs
 * that permission. What is hidden
 * here is refused by the server all the same.
 */
export const accessControlProvider: AccessControlProvider = {
  async can({ action, params }) {
    const permissions = (await currentOperator())?.permissions ?? [];
    // A permission, or (a menu group) a list of them of which any will do.
    const needed: unknown = isPermission(action) ? action : params?.resource?.meta?.permission;
    if (needed === undefined) return { can: true };
    const anyOf: unknown[] = Array.isArray(needed) ? needed : [needed];
    return { can: anyOf.some((p) => isPermission(p) && permissions.includes(p)) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

/** Whether the signed-in operator holds a permission (false while it is being asked). */
export function useAllowed(): (permission: OperatorPermission) => boolean {
  const { data } = usePermissions<readonly OperatorPermission[]>({});
  return (permission) => data?.includes(permission) ?? false;
}
