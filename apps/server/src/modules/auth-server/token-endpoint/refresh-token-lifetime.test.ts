import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/create-test-app.js';
import { passwordGrant, refreshGrant } from '../../../../test/sign-in-helpers.js';

// Rotating refresh tokens with a sliding and an absolute limit (here 100 s and 150 s).

let t: TestApp;
let now = Date.now();
const at = (seconds: number) => vi.setSystemTime(now + seconds * 1000);

beforeAll(async () => {
  t = await createTestApp({
    env: { REFRESH_TOKEN_SLIDING_LIFETIME: '100', REFRESH_TOKEN_ABSOLUTE_LIFETIME: '150' },
  });
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await t?.close();
});

it('slides with each rotation, never past the absolute limit', async () => {
  now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now });
  const first = (await passwordGrant(t.app)).json().refresh_token as string;

  at(90);
  const second = await refreshGrant(t.app, first);
  expect(second.statusCode).toBe(200);

  // 50 s after the last rotation, though 140 s after sign-in: still within both limits.
  at(140);
  const third = await refreshGrant(t.app, second.json().refresh_token);
  expect(third.statusCode).toBe(200);

  // The absolute limit, counted from the first token, ends the chain.
  at(152);
  const late = await refreshGrant(t.app, third.json().refresh_token);
  expect(late.json().error).toBe('invalid_grant');
});

it('expires an unused refresh token after the sliding lifetime', async () => {
  now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now });
  const token = (await passwordGrant(t.app)).json().refresh_token as string;
  at(102);
  expect((await refreshGrant(t.app, token)).json().error).toBe('invalid_grant');
});
