import type { IncomingMessage } from 'node:http';

/**
 * A request whose body was read before oidc-provider saw it. The provider's body parser takes
 * `body` instead of the drained stream (`lib/shared/selective_body.js`).
 */
export type RequestWithBody = IncomingMessage & { body?: Buffer };

/** The body as received (read once); a stream error leaves what arrived for the provider to refuse. */
export async function readBodyOnce(request: RequestWithBody): Promise<Buffer> {
  if (request.body) return request.body;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of request.iterator({ destroyOnReturn: false })) {
      chunks.push(chunk as Buffer);
    }
  } catch {
    // An aborted request: nobody reads the answer; the provider's own parser refuses it.
  }
  request.body = Buffer.concat(chunks);
  return request.body;
}
