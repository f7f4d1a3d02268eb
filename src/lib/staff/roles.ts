import type { User } from '@supabase/supabase-js';

/*
 * Staff accounts and their roles. The firm marks a staff account with app_metadata.role = 'staff'
 * and gives it roles in app_metadata.staff_roles; only the service role writes app_metadata
 * (`npm run users`). Postgres enforces the roles itself (public.has_staff_role(), at aal2 in a live
 * session); the site reads them only to show each person the sections their roles open.
 *
 * Free of server-only imports: `npm run users` validates roles with the same list.
 */

export const STAFF_ROLES = ['recruiting', 'inbox', 'content', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}

export function isStaff(user: Pick<User, 'app_metadata'>): boolean {
  return user.app_metadata?.role === 'staff';
}

/** The roles of a staff account; none for anyone else, and nothing that is not a known role. */
export function staffRolesOf(user: Pick<User, 'app_metadata'>): StaffRole[] {
  const roles: unknown = user.app_metadata?.staff_roles;
  return isStaff(user) && Array.isArray(roles) ? STAFF_ROLES.filter((role) => roles.includes(role)) : [];
}

/** Parses a comma-separated list (`recruiting,inbox`), naming anything that is not a role. */
export function parseStaffRoles(list: string): StaffRole[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !isStaffRole(name));
  if (unknown.length > 0)
    throw new Error(`Unknown staff role ${unknown.map((name) => `"${name}"`).join(', ')}; the roles are ${STAFF_ROLES.join(', ')}`);
  return STAFF_ROLES.filter((role) => names.includes(role));
}
