import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autocannon } from './load-client.js';

describe('load-client', () => {
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      const failing = request.url === '/fails';
      response.writeHead(failing ? 500 : 200, { 'content-type': 'text/plain' });
      // Two writes, so that the body arrives in more than one chunk.
      response.write(failing ? 'the server ' : 'a body nobody ');
      response.end(failing ? 'says why' : 'reads');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  async function bodiesFrom(path: string) {
    const bodies: [number, string][] = [];
    const result = await autocannon({
      url: `${origin}${path}`,
      connections: 2,
      amount: 6,
      requests: [{ onResponse: (status, body) => bodies.push([status, body]) }],
    });
    return { bodies, result };
  }

  it('drops the bodies of successful answers, and still counts them', async () => {
    const { bodies, result } = await bodiesFrom('/');
    expect(result.requests.total).toBe(6);
    expect(result['2xx']).toBe(6);
    expect(bodies).toEqual(Array.from({ length: 6 }, () => [200, '']));
  });

  it('keeps the whole body of a failed answer, for the bench to report', async () => {
    const { bodies, result } = await bodiesFrom('/fails');
    expect(result.non2xx).toBe(6);
    expect(bodies).toEqual(Array.from({ length: 6 }, () => [500, 'the server says why']));
  });
});
