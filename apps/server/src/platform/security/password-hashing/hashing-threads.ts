import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Options as Argon2Settings } from '@node-rs/argon2';

/** A finished job: its answer, and when and how long it ran on its thread. */
interface TimedResult<T> {
  value: T;
  /** When the work began, in this thread's `performance.now()` time. */
  startedAt: number;
  /** How long the work took, in milliseconds. */
  ms: number;
}

type Job = { op: 'verify'; hash: string; password: string } | { op: 'hash'; password: string };
type Answer = [ok: boolean, value: unknown, startedAt: number, ms: number];

interface Queued {
  job: Job;
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

// Plain JavaScript evaluated as the thread's script, so that the built server and the TypeScript
// sources under test run the same code. A batch runs in order; each job is timed on the thread
// (epoch milliseconds, which both threads can read). A hash that cannot be read matches nothing.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { hashSync, verifySync } = require(workerData.argon2);
const now = () => performance.timeOrigin + performance.now();
function run(job) {
  if (job.op === 'hash') return hashSync(job.password, workerData.settings);
  try {
    return verifySync(job.hash, job.password);
  } catch {
    return false;
  }
}
parentPort.on('message', (batch) => {
  parentPort.postMessage(
    batch.map((job) => {
      const startedAt = now();
      try {
        const value = run(job);
        return [true, value, startedAt, now() - startedAt];
      } catch (error) {
        return [false, String(error), startedAt, now() - startedAt];
      }
    }),
  );
});
`;

const argon2Module = createRequire(import.meta.url).resolve('@node-rs/argon2');

/**
 * argon2 on worker threads of its own, one hash at a time on each, handed over in batches
 * (decision 018).
 *
 * A thread that finishes takes up to `batchSize` of the waiting jobs at once and answers them
 * together, so the event loop is woken once per batch and finishes those sign-ins one after the
 * other, while their code and data are still in the core's caches. Woken once per hash, as
 * libuv's pool did, each sign-in's work ran cold between the hash's time slices and cost ~4 × its
 * warm time. A batch only forms from jobs already waiting: with nothing queued, a job starts at
 * once. Under a queue, a job's answer waits for at most `batchSize - 1` hashes after its own.
 *
 * Threads start on first use; a thread is referenced only while it holds work, so an idle pool
 * never keeps the process alive and a pending hash never lets it exit.
 */
export function createHashingThreads({
  threads,
  batchSize,
  settings,
  onBatch,
}: {
  threads: number;
  batchSize: number;
  settings: Argon2Settings;
  /** Told each batch's size as it is handed to a thread (tests, diagnostics). */
  onBatch?: (size: number) => void;
}) {
  const waiting: Queued[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Queued[]>();
  let started = 0;
  let closed = false;

  function start() {
    started++;
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { argon2: argon2Module, settings },
    });
    worker.unref();
    worker.on('message', (answers: Answer[]) => {
      const batch = busy.get(worker) ?? [];
      busy.delete(worker);
      worker.unref();
      idle.push(worker);
      // The thread starts its next batch before this one's callers run: on more than one core it
      // hashes beside them.
      dispatch();
      batch.forEach((queued, index) => {
        const answer = answers[index];
        if (answer) queued.resolve(answer);
      });
    });
    // An error inside a job is answered; this is the thread itself failing, or being stopped.
    worker.on('error', (error) => fail(worker, error));
    worker.on('exit', (code) => {
      fail(worker, new Error(`a hashing thread stopped (exit code ${code})`));
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      started--;
      if (!closed) dispatch();
    });
    return worker;
  }

  function fail(worker: Worker, error: Error) {
    for (const queued of busy.get(worker) ?? []) queued.reject(error);
    busy.delete(worker);
  }

  function dispatch() {
    while (waiting.length > 0 && !closed) {
      const worker = idle.pop() ?? (started < threads ? start() : undefined);
      if (!worker) return;
      const batch = waiting.splice(0, batchSize);
      busy.set(worker, batch);
      onBatch?.(batch.length);
      worker.ref();
      worker.postMessage(batch.map((queued) => queued.job));
    }
  }

  function submit<T>(job: Job): Promise<TimedResult<T>> {
    if (closed) return Promise.reject(new Error('the hashing threads are closed'));
    return new Promise<Answer>((resolve, reject) => {
      waiting.push({ job, resolve, reject });
      dispatch();
    }).then(([ok, value, startedAt, ms]) => {
      if (!ok) throw new Error(String(value));
      return { value: value as T, startedAt: startedAt - performance.timeOrigin, ms };
    });
  }

  return {
    /** Whether `password` matches an argon2 `hash`; false for a hash that cannot be read. */
    verify: (hash: string, password: string) => submit<boolean>({ op: 'verify', hash, password }),
    /** A new argon2 hash of `password` with the pool's settings. */
    hash: (password: string) => submit<string>({ op: 'hash', password }),
    /** Stops the threads; jobs not yet answered fail. */
    async close(): Promise<void> {
      closed = true;
      for (const queued of waiting.splice(0))
        queued.reject(new Error('the hashing threads are closed'));
      await Promise.all([...idle, ...busy.keys()].map((worker) => worker.terminate()));
    },
  };
}
