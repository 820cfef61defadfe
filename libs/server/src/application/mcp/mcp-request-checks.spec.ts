import { ApiException } from '../../platform/common/api.exception';
import { JSON_RPC_INVALID_REQUEST, assertValidHost, batchRefusal } from './mcp-request-checks';

describe('MCP request checks', () => {
  it('accepts host names, addresses and ports; refuses anything else with 400', () => {
    for (const host of [undefined, 'localhost', 'nlq.example.com:8443', '127.0.0.1:8000', '[::1]:3000', 'a-b.c.'])
      expect(() => assertValidHost(host)).not.toThrow();
    for (const host of ['', 'bad host', 'a/b', 'a@b', 'x:99999999', 'a..b', ['a', 'b'], 'x'.repeat(300)]) {
      let thrown: unknown;
      try {
        assertValidHost(host);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiException);
      expect((thrown as ApiException).statusCode).toBe(400);
    }
  });

  it('refuses a JSON-RPC batch with Invalid Request and passes single messages', () => {
    expect(batchRefusal({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'r1')).toBeNull();
    expect(batchRefusal([], 'r1')).toMatchObject({ id: null, error: { code: JSON_RPC_INVALID_REQUEST } });
    expect(batchRefusal([{ jsonrpc: '2.0', id: 1, method: 'ping' }], 'r2')?.error.data).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION',
      requestId: 'r2',
    });
  });
});
