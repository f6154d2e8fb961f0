import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, pendingRequests, toQueryString } from './http-client';
import type { RestError } from './remote-service-error';

function setup(
  options: {
    token?: string;
    language?: string;
    tenant?: string | null;
    response?: Response | Error;
  } = {},
) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    if (options.response instanceof Error) throw options.response;
    return (
      options.response ??
      new Response(JSON.stringify({ ok: true }), {
        headers: { 'Content-Type': 'application/json' },
      })
    );
  });
  const onError = vi.fn<(error: RestError) => void>();
  const onRejectedToken = vi.fn<(error: RestError) => void>();
  const client = createHttpClient({
    baseUrl: () => '',
    tenantKey: () => '__tenant',
    getAccessToken: () => options.token,
    getLanguage: () => options.language,
    getTenantId: () => options.tenant,
    onError,
    onRejectedToken,
    fetch,
  });
  const headers = () => new Headers(fetch.mock.calls[0]?.[1]?.headers);
  const url = () => String(fetch.mock.calls[0]?.[0]);
  return { client, fetch, onError, onRejectedToken, headers, url };
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: test cookie
  document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('http client', () => {
  it('sends the bearer token, the language and the tenant header', async () => {
    const { client, headers } = setup({ token: 'abc', language: 'ar', tenant: 't-1' });
    await client.get('/api/x');
    expect(headers().get('Authorization')).toBe('Bearer abc');
    expect(headers().get('Accept-Language')).toBe('ar');
    expect(headers().get('__tenant')).toBe('t-1');
  });

  it('leaves out headers it has no value for', async () => {
    const { client, headers } = setup();
    await client.get('/api/x');
    expect(headers().has('Authorization')).toBe(false);
    expect(headers().has('Accept-Language')).toBe(false);
    expect(headers().has('__tenant')).toBe(false);
  });

  it('lets a request send an empty tenant header (tenant lookups)', async () => {
    const { client, headers } = setup({ tenant: 't-1' });
    await client.get('/api/abp/multi-tenancy/tenants/by-name/acme', undefined, {
      headers: { __tenant: '' },
    });
    expect(headers().get('__tenant')).toBe('');
  });

  it('sends the XSRF cookie as RequestVerificationToken on non-GET relative requests only', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test cookie
    document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
    const post = setup();
    await post.client.post('/api/x', { a: 1 });
    expect(post.headers().get('RequestVerificationToken')).toBe('xsrf-value');
    expect(post.headers().get('Content-Type')).toBe('application/json');

    const get = setup();
    await get.client.get('/api/x');
    expect(get.headers().has('RequestVerificationToken')).toBe(false);

    const absolute = setup();
    await absolute.client.post('https://elsewhere.example/api/x', {});
    expect(absolute.headers().has('RequestVerificationToken')).toBe(false);
  });

  it('drops empty and undefined query parameters', async () => {
    const { client, url } = setup();
    await client.get('/api/identity/users', {
      filter: '',
      sorting: undefined,
      skipCount: 0,
      maxResultCount: 10,
      x: null,
    });
    expect(url()).toBe('/api/identity/users?skipCount=0&maxResultCount=10');
    expect(toQueryString({ a: '', b: undefined })).toBe('');
    expect(toQueryString({ roles: ['a', '', 'b'] })).toBe('?roles=a&roles=b');
  });

  it('turns an error response into a RestError with the ABP body and reports it', async () => {
    const body = { error: { code: 'X', message: 'Boom', details: null } };
    const { client, onError } = setup({
      response: new Response(JSON.stringify(body), {
        status: 403,
        headers: { 'Content-Type': 'application/json', _AbpErrorFormat: 'true' },
      }),
    });
    const error = await client.get('/api/x').catch((e: RestError) => e);
    expect(error).toMatchObject({ status: 403, isAbpErrorFormat: true });
    expect((error as RestError).remoteError?.message).toBe('Boom');
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('reports a network failure as status 0 Unknown Error', async () => {
    const { client, onError } = setup({ response: new TypeError('Failed to fetch') });
    const error = (await client.get('/api/x').catch((e: RestError) => e)) as RestError;
    expect(error.status).toBe(0);
    expect(error.statusText).toBe('Unknown Error');
    expect(onError).toHaveBeenCalledOnce();
  });

  it('does not report errors of requests that handle them themselves', async () => {
    const { client, onError } = setup({ response: new Response('', { status: 500 }) });
    await expect(client.get('/api/x', undefined, { skipHandleError: true })).rejects.toMatchObject({
      status: 500,
    });
    expect(onError).not.toHaveBeenCalled();
  });

  it('counts requests in flight for the loading bar', async () => {
    const { client } = setup();
    const request = client.get('/api/x');
    expect(pendingRequests.get()).toBe(1);
    await request;
    expect(pendingRequests.get()).toBe(0);
  });

  it('reports a 401 to its bearer token as a rejected token, even when the caller handles it', async () => {
    const unauthorized = () => new Response('', { status: 401 });
    const signedIn = setup({ token: 'abc', response: unauthorized() });
    await expect(
      signedIn.client.get('/api/x', undefined, { skipHandleError: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(signedIn.onRejectedToken).toHaveBeenCalledOnce();

    const anonymous = setup({ response: unauthorized() });
    await expect(anonymous.client.get('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(anonymous.onRejectedToken).not.toHaveBeenCalled();
    expect(anonymous.onError).toHaveBeenCalledOnce();

    const forbidden = setup({ token: 'abc', response: new Response('', { status: 403 }) });
    await expect(forbidden.client.get('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(forbidden.onRejectedToken).not.toHaveBeenCalled();
  });
});
