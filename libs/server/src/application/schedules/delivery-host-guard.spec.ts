import { blockedAddressProblem, deliveryUrlProblem, guardedLookup } from './delivery-host-guard';

describe('delivery host guard', () => {
  it('refuses link-local and cloud metadata addresses, IPv4, IPv6 and IPv4-mapped', () => {
    for (const address of [
      '169.254.169.254',
      '169.254.0.1',
      '100.100.100.200',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
    ])
      expect(blockedAddressProblem(address)).toContain('link-local or a cloud metadata service');
    for (const address of ['127.0.0.1', '10.0.0.1', '8.8.8.8', '::1', '2001:db8::1', 'example.com'])
      expect(blockedAddressProblem(address)).toBeNull();
  });

  it('checks a URL: http(s) only, metadata names and addresses refused, DELIVERY_ALLOWED_HOSTS when set', () => {
    expect(deliveryUrlProblem('https://hooks.slack.com/services/T/B/x', [])).toBeNull();
    expect(deliveryUrlProblem('ftp://example.com/x', [])).toBe('must be an http(s) URL');
    expect(deliveryUrlProblem('nope', [])).toBe('must be an absolute http(s) URL');
    expect(deliveryUrlProblem('http://metadata.google.internal/computeMetadata', [])).toContain('metadata');
    expect(deliveryUrlProblem('http://169.254.169.254/latest', ['*'])).toContain('link-local');
    expect(deliveryUrlProblem('http://[fe80::1]:8080/x', [])).toContain('link-local');
    expect(deliveryUrlProblem('https://hooks.slack.com/x', ['*.example.com'])).toContain('DELIVERY_ALLOWED_HOSTS');
    expect(deliveryUrlProblem('https://chat.example.com/x', ['*.example.com'])).toBeNull();
    expect(deliveryUrlProblem('https://10.1.2.3/x', ['10.1.2.3'])).toBeNull();
  });

  it('resolves an allowed name and never hands out a refused address', async () => {
    const resolved = await new Promise<string>((resolve, reject) =>
      guardedLookup('localhost', { family: 4 }, (error, address) => (error ? reject(error) : resolve(String(address)))),
    );
    expect(resolved).toBe('127.0.0.1');
    const refused = await new Promise<Error | null>((resolve) =>
      guardedLookup('169.254.169.254', { family: 4 }, (error) => resolve(error)),
    );
    expect(refused?.message).toContain('Delivery refused: 169.254.169.254 resolved to a refused address');
  });
});
