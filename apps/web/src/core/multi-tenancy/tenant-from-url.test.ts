import { describe, expect, it } from 'vitest';
import { tenantFromQuery, tenantNameFromHost } from './tenant-from-url';

describe('tenant from the URL', () => {
  it('reads the tenant from the host-name pattern', () => {
    expect(tenantNameFromHost('https://{0}.vineta.app', 'https://acme.vineta.app/home')).toBe(
      'acme',
    );
    expect(
      tenantNameFromHost('http://{0}.localhost:3000', 'http://beta.localhost:3000/account/login'),
    ).toBe('beta');
  });

  it('finds no tenant without a placeholder or a match', () => {
    expect(tenantNameFromHost('https://vineta.app', 'https://acme.vineta.app/')).toBeUndefined();
    expect(tenantNameFromHost('https://{0}.vineta.app', 'https://vineta.app/')).toBeUndefined();
  });

  it('reads the query parameter named by the tenant key', () => {
    expect(tenantFromQuery('?userId=1&__tenant=abc&resetToken=x', '__tenant')).toBe('abc');
    expect(tenantFromQuery('?__tenant=', '__tenant')).toBeUndefined();
    expect(tenantFromQuery('?tenant=abc', '__tenant')).toBeUndefined();
  });
});
