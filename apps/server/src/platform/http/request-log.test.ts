import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { RequestLogController } from './request-log.js';

const lines: Record<string, unknown>[] = [];
const app = Fastify({
  logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  logController: new RequestLogController(),
});
app.get('/api/x', async () => ({ ok: true }));
app.get('/health/live', async () => ({ status: 'ok' }));
afterAll(() => app.close());

function requestLines() {
  return lines.filter((line) => String(line.msg).startsWith('request'));
}

describe('RequestLogController', () => {
  it('writes one line a request, with its method, URL, status and time', async () => {
    lines.length = 0;
    await app.inject('/api/x?filter=a&resetToken=SECRET');
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/x?filter=a&resetToken=%5Bredacted%5D',
      statusCode: 200,
    });
    expect(line?.responseTime).toEqual(expect.any(Number));
    expect(line?.reqId).toEqual(expect.any(String));
  });

  it('leaves health probes out at info', async () => {
    lines.length = 0;
    await app.inject('/health/live');
    expect(requestLines()).toEqual([]);
  });

  it('names an unknown route and its 404', async () => {
    lines.length = 0;
    await app.inject({ method: 'POST', url: '/nowhere' });
    expect(requestLines()).toEqual([
      expect.objectContaining({ method: 'POST', url: '/nowhere', statusCode: 404 }),
    ]);
  });
});

describe('RequestLogController at warn', () => {
  it('writes no request line', async () => {
    const quiet: Record<string, unknown>[] = [];
    const warnApp = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => quiet.push(JSON.parse(line)) } },
      logController: new RequestLogController(),
    });
    warnApp.get('/api/x', async () => ({ ok: true }));
    await warnApp.inject('/api/x?resetToken=SECRET');
    await warnApp.close();
    expect(quiet).toEqual([]);
  });
});
