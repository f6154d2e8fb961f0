import { describe, expect, it } from 'vitest';
import { parseEnvironment } from '#src/core/environment';
import { signInTarget } from './sign-in-target';

const origin = 'http://localhost:3000';
const environment = parseEnvironment({}, origin);
const withRedirect = (redirectUri: string) => ({
  ...environment,
  oAuthConfig: { ...environment.oAuthConfig, redirectUri },
});

describe('where a sign-in goes (SPEC.md section 4)', () => {
  it('goes to the returnUrl on this origin, with its query', () => {
    expect(signInTarget('?returnUrl=%2Fidentity%2Fusers%3Fpage%3D2', environment, origin)).toBe(
      '/identity/users?page=2',
    );
    expect(
      signInTarget(`?returnUrl=${encodeURIComponent(`${origin}/home`)}`, environment, origin),
    ).toBe('/home');
  });

  it('refuses a returnUrl on another site', () => {
    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(signInTarget(`?returnUrl=${encodeURIComponent(url)}`, environment, origin)).toBe(
        '/home',
      );
    }
  });

  it('then the configured redirect URL, then /home (the code-flow callback is no destination)', () => {
    expect(signInTarget('', withRedirect(`${origin}/dashboard`), origin)).toBe('/dashboard');
    expect(signInTarget('', withRedirect('https://portal.example/'), origin)).toBe(
      'https://portal.example/',
    );
    expect(signInTarget('', environment, origin)).toBe('/home');
  });
});
