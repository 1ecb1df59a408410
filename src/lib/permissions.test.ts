import { describe, expect, it } from 'vitest';
import { allows, hasAll, hasAny, routeAllowed } from './permissions';

const grants = { permissions: ['zsgl', 'jyzc', 'survey_cjwj'], roles: ['teacher', 'bzr'] };

describe('permission helper', () => {
  it('any-of: one held code is enough; an empty requirement allows', () => {
    expect(hasAny(grants.permissions, ['cpgl_cppjhz_index', 'zsgl'])).toBe(true);
    expect(hasAny(grants.permissions, ['cpgl_cppjhz_index'])).toBe(false);
    expect(hasAny(grants.permissions, [])).toBe(true);
    expect(hasAny(grants.permissions, undefined)).toBe(true);
    expect(hasAny([], ['zsgl'])).toBe(false);
  });

  it('all-of: every code must be held', () => {
    expect(hasAll(grants.permissions, ['zsgl', 'jyzc'])).toBe(true);
    expect(hasAll(grants.permissions, ['zsgl', 'pztm'])).toBe(false);
    expect(hasAll(grants.permissions, [])).toBe(true);
  });

  it('combines permission and role clauses (each clause must hold)', () => {
    expect(allows(grants, { anyOf: ['zsgl'], anyRole: ['admin', 'teacher'] })).toBe(true);
    expect(allows(grants, { anyOf: ['zsgl'], anyRole: ['admin'] })).toBe(false);
    expect(allows(grants, { allOf: ['zsgl', 'jyzc'], allRoles: ['teacher', 'bzr'] })).toBe(true);
    expect(allows(grants, { allRoles: ['teacher', 'admin'] })).toBe(false);
    expect(allows(grants, undefined)).toBe(true);
    expect(allows(grants, {})).toBe(true);
  });

  it('route meta permissions are any-of', () => {
    expect(routeAllowed(grants, ['messageCenter_xxzx', 'jyzc'])).toBe(true);
    expect(routeAllowed(grants, ['messageCenter_xxzx'])).toBe(false);
    expect(routeAllowed(grants, undefined)).toBe(true);
  });
});
