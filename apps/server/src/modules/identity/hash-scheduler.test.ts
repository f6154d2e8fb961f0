import { describe, expect, it } from 'vitest';
import { createHashScheduler } from './hash-scheduler.js';

/** Tasks that finish when told to, recording the order they started in. */
function gates(names: string[]) {
  const started: string[] = [];
  const open = new Map<string, () => void>();
  const tasks = names.map(
    (name) => () =>
      new Promise<string>((resolve) => {
        started.push(name);
        open.set(name, () => resolve(name));
      }),
  );
  return { started, tasks, finish: (name: string) => open.get(name)?.() };
}

/** Lets every settled task's `finally` run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createHashScheduler', () => {
  it('starts a hash at once while a core is free, and queues the rest in order', async () => {
    const scheduled = createHashScheduler(2, 8);
    const { started, tasks } = gates(['a', 'b', 'c', 'd']);
    for (const task of tasks) void scheduled(task);
    await settle();
    expect(started).toEqual(['a', 'b']);
  });

  it('starts the waiting hashes together, two per core, once a core falls free', async () => {
    const scheduled = createHashScheduler(1);
    const { started, tasks, finish } = gates(['a', 'b', 'c', 'd', 'e']);
    const results = tasks.map((task) => scheduled(task));
    await settle();
    expect(started).toEqual(['a']);

    finish('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);

    // One of the wave done: the core is still busy with the other, so nothing starts yet.
    finish('b');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);

    finish('c');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    finish('d');
    finish('e');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it("keeps one of libuv's pool threads free for file and DNS work", async () => {
    const scheduled = createHashScheduler(2, 4);
    const { started, tasks, finish } = gates(['a', 'b', 'c', 'd', 'e', 'f']);
    for (const task of tasks) void scheduled(task);
    finish('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the place of a hash that fails', async () => {
    const scheduled = createHashScheduler(1);
    await expect(scheduled(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await scheduled(async () => 'next')).toBe('next');
  });
});
