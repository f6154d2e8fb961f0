import { describe, expect, it } from 'vitest';
import { redactUrl, requestLogSerializers } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    const url = `/api/multi-tenancy/tenants/1/default-connection-string?x=1&defaultConnectionString=${encodeURIComponent('postgres://u:pw@h/db')}`;
    expect(redactUrl(url)).toBe(
      '/api/multi-tenancy/tenants/1/default-connection-string?x=1&defaultConnectionString=%5Bredacted%5D',
    );
    expect(redactUrl('/a?DefaultConnectionString=x&Password=y&access_token=z')).toBe(
      '/a?DefaultConnectionString=%5Bredacted%5D&Password=%5Bredacted%5D&access_token=%5Bredacted%5D',
    );
    expect(redactUrl('/api/multi-tenancy/tenants?filter=acme')).toBe(
      '/api/multi-tenancy/tenants?filter=acme',
    );
  });

  it('is what the request serializer logs', () => {
    const logged = requestLogSerializers.req({
      method: 'PUT',
      url: '/x?defaultConnectionString=s',
    });
    expect(logged).toMatchObject({
      method: 'PUT',
      url: '/x?defaultConnectionString=%5Bredacted%5D',
    });
  });
});
