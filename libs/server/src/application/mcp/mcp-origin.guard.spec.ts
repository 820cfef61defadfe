import { mcpOriginProblem } from './mcp-origin.guard';

describe('mcpOriginProblem (MCP Streamable HTTP: validate Origin against DNS rebinding)', () => {
  it('accepts requests without Origin (MCP clients are not browsers)', () => {
    expect(mcpOriginProblem(undefined, '*')).toBeNull();
    expect(mcpOriginProblem(undefined, ['https://app.example.com'])).toBeNull();
  });

  it('with CORS_ORIGINS * accepts only loopback origins', () => {
    for (const origin of [
      'http://localhost:6274',
      'http://127.0.0.1:8000',
      'http://[::1]:3000',
      'http://inspector.localhost',
    ])
      expect(mcpOriginProblem(origin, '*')).toBeNull();
    for (const origin of ['http://attacker.example:8000', 'https://localhost.attacker.example', 'http://10.0.0.5'])
      expect(mcpOriginProblem(origin, '*')).toContain('not local');
  });

  it('with a CORS_ORIGINS list accepts only listed origins (not even loopback otherwise)', () => {
    const list = ['https://app.example.com/'];
    expect(mcpOriginProblem('https://APP.example.com', list)).toBeNull();
    expect(mcpOriginProblem('http://localhost:6274', list)).toContain('not one of CORS_ORIGINS');
    expect(mcpOriginProblem('https://app.example.com:8443', list)).toContain('not one of CORS_ORIGINS');
  });

  it('refuses null and garbage origins', () => {
    expect(mcpOriginProblem('null', '*')).toContain('"null"');
    expect(mcpOriginProblem('not a url', '*')).toContain('is not an origin');
  });
});
