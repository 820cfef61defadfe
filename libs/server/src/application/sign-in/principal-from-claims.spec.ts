import { groupsOf, principalFromClaims, roleOfGroups } from './principal-from-claims';

const roleGroups = new Map([
  ['nlq-admins', 'admin' as const],
  ['nlq-approvers', 'approver' as const],
  ['nlq-analysts', 'analyst' as const],
]);
const settings = { groupsClaim: 'groups', roleGroups, attributeClaims: ['country', 'level'], sessionSeconds: 3600 };

describe('principalFromClaims', () => {
  it('takes sub as user id, the highest mapped role, scalar attributes and the display name', () => {
    const principal = principalFromClaims(
      {
        sub: 'u-1',
        preferred_username: 'ana',
        groups: ['nlq-analysts', 'nlq-approvers', 'x'],
        country: 'Germany',
        level: 3,
        extra: 'ignored',
      },
      settings,
      1000.7,
    );
    expect(principal).toEqual({
      userId: 'u-1',
      role: 'approver',
      attributes: { country: 'Germany', level: '3' },
      via: 'session',
      name: 'ana',
      subject: 'u-1',
      expiresAt: 4600,
    });
  });

  it('is a viewer without a mapped group, and never takes inherited properties for claims', () => {
    const principal = principalFromClaims(
      { sub: 's', groups: 'sales' },
      { ...settings, attributeClaims: ['toString'] },
      0,
    );
    expect(principal.role).toBe('viewer');
    expect(principal.attributes).toEqual({});
    expect(principal.name).toBeNull();
  });

  it('reads the groups claim named by the settings, as a list or one string, dropping a leading slash', () => {
    expect(groupsOf(['/nlq-admins', 7, 'b'])).toEqual(['nlq-admins', 'b']);
    expect(groupsOf('nlq-admins')).toEqual(['nlq-admins']);
    expect(groupsOf(undefined)).toEqual([]);
    expect(roleOfGroups(['nlq-admins', 'nlq-analysts'], roleGroups)).toBe('admin');
    const principal = principalFromClaims(
      { sub: 's', roles: ['nlq-admins'] },
      { ...settings, groupsClaim: 'roles' },
      0,
    );
    expect(principal.role).toBe('admin');
  });
});
