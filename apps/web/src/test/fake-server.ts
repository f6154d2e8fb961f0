import { vi } from 'vitest';

/** A request the component under test sent, as the fake server recorded it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Answers a request, or leaves it (undefined) to the next handler; may take its time. */
export type Handler = (
  request: RecordedRequest,
) => Response | undefined | Promise<Response | undefined>;

/** Replaces `fetch`; the first handler that answers wins, everything is recorded. */
export function fakeServer(...handlers: Handler[]): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const raw = init?.body === undefined ? undefined : String(init.body);
      const request: RecordedRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: raw ? JSON.parse(raw) : undefined,
      };
      requests.push(request);
      for (const handler of handlers) {
        const response = await handler(request);
        if (response) return response;
      }
      return new Response('not found', { status: 404 });
    }),
  );
  return requests;
}
