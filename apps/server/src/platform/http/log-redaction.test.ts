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
    // The reset link, the code flow's callback and its end-session request, as browsers ask them.
    expect(redactUrl('/account/reset-password?userId=u1&resetToken=SECRET&__tenant=acme')).toBe(
      '/account/reset-password?userId=u1&resetToken=%5Bredacted%5D&__tenant=acme',
    );
    expect(redactUrl('/signin-oidc?code=c0de&state=s&iss=http%3A%2F%2Fx')).toBe(
      '/signin-oidc?code=%5Bredacted%5D&state=s&iss=http%3A%2F%2Fx',
    );
    expect(redactUrl('/connect/endsession?id_token_hint=eyJ&post_logout_redirect_uri=x')).toBe(
      '/connect/endsession?id_token_hint=%5Bredacted%5D&post_logout_redirect_uri=x',
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
