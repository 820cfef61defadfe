import { databaseIdentity, identityKey } from './database-identity';

describe('databaseIdentity', () => {
  const access = { role: 'viewer' as const, attributes: { country: 'Germany' } };

  it('names the prefixed role and the user settings on PostgreSQL', () => {
    expect(databaseIdentity('nlq_', 'postgresql', 'ana', access)).toEqual({
      role: 'nlq_viewer',
      settings: { 'nlq.user_id': 'ana', 'nlq.user_country': 'Germany' },
    });
  });

  it('is off without a prefix, without access and on other engines', () => {
    expect(databaseIdentity(null, 'postgresql', 'ana', access)).toBeNull();
    expect(databaseIdentity('nlq_', 'postgresql', 'ana', undefined)).toBeNull();
    expect(databaseIdentity('nlq_', 'mariadb', 'ana', access)).toBeNull();
  });

  it('keys answers by role and settings', () => {
    const a = databaseIdentity('nlq_', 'postgresql', 'ana', access)!;
    const b = databaseIdentity('nlq_', 'postgresql', 'ana', { ...access, attributes: { country: 'France' } })!;
    expect(identityKey(a)).toBe(identityKey({ ...a }));
    expect(identityKey(a)).not.toBe(identityKey(b));
  });
});
