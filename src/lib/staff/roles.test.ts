// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { parseStaffRoles, staffRolesOf } from './roles';

describe('staffRolesOf', () => {
  it('gives a staff account its known roles in a fixed order, and everyone else none', () => {
    expect(staffRolesOf({ app_metadata: { role: 'staff', staff_roles: ['inbox', 'boss', 'recruiting'] } })).toEqual([
      'recruiting',
      'inbox',
    ]);
    expect(staffRolesOf({ app_metadata: { role: 'staff' } })).toEqual([]);
    expect(staffRolesOf({ app_metadata: { role: 'staff', staff_roles: 'admin' } })).toEqual([]);
    // Roles mean nothing on an account that is not staff.
    expect(staffRolesOf({ app_metadata: { staff_roles: ['admin'] } })).toEqual([]);
  });
});

describe('parseStaffRoles', () => {
  it('reads a comma-separated list and names what is not a role', () => {
    expect(parseStaffRoles(' admin, recruiting ,')).toEqual(['recruiting', 'admin']);
    expect(parseStaffRoles('')).toEqual([]);
    expect(() => parseStaffRoles('inbox,owner,root')).toThrow(
      'Unknown staff role "owner", "root"; the roles are recruiting, inbox, content, admin',
    );
  });
});
