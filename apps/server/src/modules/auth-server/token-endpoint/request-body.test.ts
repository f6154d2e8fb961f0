import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type RequestWithBody, readBodyOnce } from './request-body.js';

/** A request body arriving in chunks, as the HTTP parser hands them over. */
const incoming = () => new Readable({ read() {} }) as unknown as RequestWithBody & Readable;

describe('readBodyOnce', () => {
  it('reads the whole body once, and hands the same bytes to every later reader', async () => {
    const request = incoming();
    const reading = readBodyOnce(request);
    request.push(Buffer.from('grant_type=refresh_token&'));
    request.push(Buffer.from('refresh_token=abc'));
    request.push(null);
    const body = await reading;
    expect(body.toString()).toBe('grant_type=refresh_token&refresh_token=abc');
    expect(await readBodyOnce(request)).toBe(body);
    expect(request.listenerCount('data')).toBe(0);
  });

  it('gives what arrived when the request breaks off, and survives a later error', async () => {
    const request = incoming();
    const reading = readBodyOnce(request);
    request.push(Buffer.from('grant_type=pass'));
    await new Promise((resolve) => setImmediate(resolve));
    request.destroy(new Error('aborted'));
    expect((await reading).toString()).toBe('grant_type=pass');
    request.emit('error', new Error('late'));
  });

  it('answers at once for a body already consumed', async () => {
    const request = incoming();
    request.destroy();
    expect((await readBodyOnce(request)).length).toBe(0);
  });
});
