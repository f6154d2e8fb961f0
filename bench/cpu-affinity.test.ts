import { describe, expect, it } from 'vitest';
import {
  busySeconds,
  coreTimes,
  cpuTimes,
  describePlan,
  parseCpuList,
  planCores,
  serverCommand,
} from './cpu-affinity.js';

describe('parseCpuList', () => {
  it('reads ranges and single CPUs as /proc and taskset write them', () => {
    expect(parseCpuList('0-1')).toEqual([0, 1]);
    expect(parseCpuList('0,2-4,7\n')).toEqual([0, 2, 3, 4, 7]);
    expect(parseCpuList('3')).toEqual([3]);
  });
});

describe('planCores', () => {
  const withTaskset = () => true;

  it('puts the server on the last allowed CPU and the client on the others', () => {
    expect(planCores({}, [0, 1], withTaskset)).toEqual({
      pinned: true,
      serverCpu: 1,
      clientCpus: [0],
    });
    expect(planCores({ BENCH_SERVER_CPU: '0' }, [0, 1, 2], withTaskset)).toEqual({
      pinned: true,
      serverCpu: 0,
      clientCpus: [1, 2],
    });
  });

  it('says why it does not pin', () => {
    expect(planCores({ BENCH_PIN: '0' }, [0, 1], withTaskset)).toMatchObject({ pinned: false });
    expect(planCores({}, [0], withTaskset)).toEqual({
      pinned: false,
      reason: 'only CPU 0 is allowed',
    });
    expect(planCores({}, [0, 1], () => false)).toMatchObject({
      pinned: false,
      reason: expect.stringContaining('taskset'),
    });
    expect(planCores({ BENCH_SERVER_CPU: '5' }, [0, 1], withTaskset)).toMatchObject({
      pinned: false,
    });
  });
});

describe('serverCommand', () => {
  it('prefixes taskset only when pinned, and says so', () => {
    const pinned = { pinned: true as const, serverCpu: 1, clientCpus: [0] };
    expect(serverCommand(pinned, ['server.js'])).toEqual([
      'taskset',
      ['-c', '1', process.execPath, 'server.js'],
    ]);
    const notPinned = { pinned: false as const, reason: 'BENCH_PIN=0' };
    expect(serverCommand(notPinned, ['server.js'])).toEqual([process.execPath, ['server.js']]);
    expect(describePlan(notPinned)).toContain('rate ÷ cores');
  });
});

describe('cpuTimes', () => {
  it("reads one CPU's busy and total seconds from /proc/stat's jiffies", () => {
    const stat =
      'cpu  9 9 9 9 9 9 9 9 0 0\ncpu0 1 1 1 1 1 1 1 1 0 0\ncpu1 100 20 30 800 40 5 5 0 0 0\n';
    expect(cpuTimes(1, stat)).toEqual({ busy: 1.6, total: 10 });
    expect(cpuTimes(7, stat)).toBeUndefined();
  });
});

describe('busySeconds', () => {
  it('adds the busy seconds of several CPUs from one read', () => {
    const stat =
      'cpu  9 9 9 9 9 9 9 9 0 0\ncpu0 10 0 10 500 0 0 0 0 0 0\ncpu1 100 20 30 800 40 5 5 0 0 0\n';
    expect(busySeconds([0, 1], stat)).toBeCloseTo(1.8);
    expect(busySeconds([0], stat)).toBeCloseTo(0.2);
    expect(busySeconds([5], stat)).toBe(0);
  });
});

describe('coreTimes', () => {
  it("reads the server's core and the client's cores from the same /proc/stat", () => {
    const stat =
      'cpu  9 9 9 9 9 9 9 9 0 0\ncpu0 10 0 10 500 0 0 0 0 0 0\ncpu1 100 20 30 800 40 5 5 0 0 0\n';
    expect(coreTimes(1, [0], stat)).toEqual({ server: { busy: 1.6, total: 10 }, clientBusy: 0.2 });
  });
});
