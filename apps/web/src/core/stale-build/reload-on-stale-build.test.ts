import { describe, expect, it } from 'vitest';
import { reloadOnStaleBuild } from './reload-on-stale-build';

function setUp(destination?: () => string | undefined) {
  const target = new EventTarget() as unknown as Window;
  const stored = new Map<string, string>();
  let time = 1_000_000;
  const loads: (string | undefined)[] = [];
  const stop = reloadOnStaleBuild({
    target,
    destination,
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    load: (href) => loads.push(href),
    now: () => time,
  });
  return {
    fail: () => target.dispatchEvent(new Event('vite:preloadError', { cancelable: true })),
    wait: (ms: number) => {
      time += ms;
    },
    loads,
    stop,
  };
}

describe('reloadOnStaleBuild', () => {
  it('loads the page the tab was going to when its code cannot be loaded', () => {
    const tab = setUp(() => '/identity/users?filter=ana');
    tab.fail();
    expect(tab.loads).toEqual(['/identity/users?filter=ana']);
  });

  it('reloads where it is when no navigation was under way (a dialog’s code)', () => {
    const tab = setUp(() => undefined);
    tab.fail();
    expect(tab.loads).toEqual([undefined]);
  });

  it('does not load again within ten seconds, so a missing file ends on the error screen', () => {
    const tab = setUp();
    tab.fail();
    tab.wait(9_999);
    tab.fail();
    expect(tab.loads).toHaveLength(1);
    tab.wait(1);
    tab.fail();
    expect(tab.loads).toHaveLength(2);
  });

  it('stops listening when asked', () => {
    const tab = setUp();
    tab.stop();
    tab.fail();
    expect(tab.loads).toEqual([]);
  });
});
