import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitThreadTimes, threadSeconds, threadTimes } from './thread-times.js';

const cpuMillisSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

describe('threadSeconds', () => {
  it('adds utime and stime, counting fields after a command name with spaces and parentheses', () => {
    const stat =
      '4242 (node (worker) 2) R 1 4242 4242 0 -1 4194560 900 0 0 0 1234 56 0 0 20 0 11 0 99 0 0';
    expect(threadSeconds(stat)).toBeCloseTo(12.9);
  });
});

describe('splitThreadTimes', () => {
  it('tells the main thread from the busiest other one and the rest', () => {
    const before = new Map([
      [10, 1],
      [11, 5],
      [12, 0.5],
    ]);
    const after = new Map([
      [10, 1.6],
      [11, 11.2],
      [12, 0.6],
      [13, 0.2],
    ]);
    const split = splitThreadTimes(10, before, after);
    expect(split.main).toBeCloseTo(0.6);
    expect(split.busiest).toBeCloseTo(6.2);
    expect(split.rest).toBeCloseTo(0.3);
  });

  it('has nothing but the main thread to report for a process of one thread', () => {
    const split = splitThreadTimes(7, new Map([[7, 1]]), new Map([[7, 3]]));
    expect(split).toEqual({ main: 2, busiest: 0, rest: 0 });
  });
});

describe.skipIf(!existsSync('/proc/self/task'))('threadTimes', () => {
  it("reads this process's threads, its main thread among them, and sees the main thread's work", () => {
    const before = threadTimes(process.pid);
    expect(before?.has(process.pid)).toBe(true);
    // Busy until the process has spent 100 ms of CPU, nearly all of it on this thread (measured
    // in CPU time, not wall time, so that a loaded machine cannot shorten it).
    const start = process.cpuUsage();
    while (cpuMillisSince(start) < 100) {
      // spin
    }
    const after = threadTimes(process.pid) as Map<number, number>;
    const split = splitThreadTimes(process.pid, before as Map<number, number>, after);
    expect(split.main).toBeGreaterThanOrEqual(0.05);
  });

  it('answers undefined for a process that is not there', () => {
    expect(threadTimes(2 ** 30)).toBeUndefined();
  });
});
