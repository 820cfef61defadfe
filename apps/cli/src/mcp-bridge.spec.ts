import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { BRIDGE_ERROR_CODE, bridgeError } from './mcp-bridge';

const endpoint = new URL('http://localhost:8000/mcp');

describe('bridgeError', () => {
  it("answers a refused request with the service's error shape as data", () => {
    const body = { statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid X-API-Key.', requestId: 'r1' };
    const error = new StreamableHTTPError(401, `Error POSTing to endpoint: ${JSON.stringify(body)}`);
    expect(bridgeError(7, error, endpoint)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: BRIDGE_ERROR_CODE, message: 'Invalid X-API-Key. (nlq error UNAUTHORIZED, HTTP 401)', data: body },
    });
  });

  it('keeps the status when the body is not the error shape, and names an unreachable service', () => {
    expect(
      bridgeError('a', new StreamableHTTPError(502, 'Error POSTing to endpoint: Bad Gateway'), endpoint),
    ).toMatchObject({
      id: 'a',
      error: { code: BRIDGE_ERROR_CODE, message: expect.stringContaining('Bad Gateway'), data: { statusCode: 502 } },
    });
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    expect(bridgeError(1, refused, endpoint)).toMatchObject({
      error: { message: 'cannot reach http://localhost:8000: ECONNREFUSED' },
    });
  });
});
