import { describe, expect, it } from 'vitest';
import { createCacheHub } from '../../../platform/caching/cache.js';
import { createUserCounts } from './user-counts.js';

describe('user counts', () => {
  it("caches per tenant and filter, and a write retires only its tenant's totals", async () => {
    const counts = createUserCounts(createCacheHub());
    let computed = 0;
    const count = (value: number) => async () => {
      computed++;
      return value;
    };
    expect(await counts.get('a', '', count(10))).toBe(10);
    expect(await counts.get('a', '', count(99))).toBe(10);
    expect(await counts.get('a', 'ANA', count(3))).toBe(3);
    expect(await counts.get(null, '', count(1))).toBe(1);
    expect(computed).toBe(3);
    await counts.invalidate('a');
    expect(await counts.get('a', '', count(11))).toBe(11);
    expect(await counts.get('a', 'ANA', count(4))).toBe(4);
    expect(await counts.get(null, '', count(2))).toBe(1);
  });
});
