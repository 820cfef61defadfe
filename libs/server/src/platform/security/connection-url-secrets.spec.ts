import { joinConnectionUrl, scrubSecrets, secretForms, splitConnectionUrl } from './connection-url-secrets';

describe('connection URL secrets', () => {
  it('splits the password and secret parameters off and joins them back exactly', () => {
    const url = 'postgres://nlq:p%40ss%3Aword@db.example:5432/shop?sslmode=require&password=x1&apiToken=t2';
    const { publicUrl, secrets } = splitConnectionUrl(url);
    expect(publicUrl).toBe('postgres://nlq@db.example:5432/shop?sslmode=require');
    expect(secrets).toEqual({
      password: 'p%40ss%3Aword',
      params: [
        ['password', 'x1'],
        ['apiToken', 't2'],
      ],
    });
    expect(new URL(joinConnectionUrl(publicUrl, secrets)).password).toBe('p%40ss%3Aword');
    expect(joinConnectionUrl(publicUrl, secrets)).toBe(
      'postgres://nlq:p%40ss%3Aword@db.example:5432/shop?sslmode=require&password=x1&apiToken=t2',
    );
  });

  it('leaves URLs without secrets and SQLite URLs whole', () => {
    expect(splitConnectionUrl('mysql://root@127.0.0.1:3306/test')).toEqual({
      publicUrl: 'mysql://root@127.0.0.1:3306/test',
      secrets: null,
    });
    expect(splitConnectionUrl('sqlite:///data/shop.db')).toEqual({
      publicUrl: 'sqlite:///data/shop.db',
      secrets: null,
    });
    expect(joinConnectionUrl('sqlite:///data/shop.db', null)).toBe('sqlite:///data/shop.db');
  });

  it('scrubs written and decoded forms of secrets from messages', () => {
    const forms = secretForms({ password: 'p%40ss', params: [['token', 'tok-123']] });
    expect(scrubSecrets('login failed for p@ss (p%40ss) with tok-123', forms)).toBe(
      'login failed for *** (***) with ***',
    );
  });
});
