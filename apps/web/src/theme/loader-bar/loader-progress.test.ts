import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoaderProgress, loaderTimings, nextProgress } from './loader-progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loader bar', () => {
  it('uses 500 ms delay, 350 ms ticks and an 800 ms stop', () => {
    expect(loaderTimings).toEqual({ delay: 500, interval: 350, stopDelay: 800 });
  });

  it('steps by 1–10 below 75, 0.4 below 90, then 0.1 up to 100', () => {
    expect(nextProgress(0, () => 0)).toBe(1);
    expect(nextProgress(0, () => 1)).toBe(10);
    expect(nextProgress(80, () => 0.5)).toBeCloseTo(80.4);
    expect(nextProgress(95, () => 0.5)).toBeCloseTo(95.1);
    expect(nextProgress(99.95, () => 0.5)).toBe(100);
    expect(nextProgress(100, () => 0.5)).toBe(100);
  });

  it('shows nothing for work shorter than 500 ms', () => {
    const loader = createLoaderProgress(() => 0.5);
    loader.setBusy(true);
    vi.advanceTimersByTime(499);
    loader.setBusy(false);
    vi.advanceTimersByTime(5000);
    expect(loader.store.get()).toEqual({ progress: 0, loading: false });
  });

  it('starts after 500 ms, ticks every 350 ms, finishes at 100 and hides 800 ms later', () => {
    const loader = createLoaderProgress(() => 0.5);
    loader.setBusy(true);
    vi.advanceTimersByTime(500);
    expect(loader.store.get()).toEqual({ progress: 0, loading: true });
    vi.advanceTimersByTime(350);
    expect(loader.store.get().progress).toBeCloseTo(5.5);
    vi.advanceTimersByTime(350);
    expect(loader.store.get().progress).toBeCloseTo(11);
    loader.setBusy(false);
    expect(loader.store.get()).toEqual({ progress: 100, loading: false });
    vi.advanceTimersByTime(799);
    expect(loader.store.get().progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect(loader.store.get().progress).toBe(0);
  });

  it('slows down near the end and never passes 100', () => {
    const loader = createLoaderProgress(() => 1);
    loader.setBusy(true);
    vi.advanceTimersByTime(500 + 350 * 8);
    const afterFast = loader.store.get().progress;
    expect(afterFast).toBeGreaterThanOrEqual(75);
    vi.advanceTimersByTime(350 * 500);
    expect(loader.store.get().progress).toBeLessThanOrEqual(100);
    expect(loader.store.get().loading).toBe(true);
  });
});
