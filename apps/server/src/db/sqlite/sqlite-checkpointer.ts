import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/** How often the checkpointer copies each database's WAL into the database file. */
const CHECKPOINT_INTERVAL_MS = 1_000;
/**
 * WAL pages (4 KiB each) past which the request connection still checkpoints by itself, as SQLite
 * does by default at 1 000: a backstop, should the checkpointer fall behind or be gone.
 */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000;

/**
 * The worker's code, plain CommonJS (a worker cannot load the TypeScript this file is in the
 * tests): a connection of its own per database, and a PASSIVE checkpoint of each on every tick,
 * which copies what it can without waiting for readers or writers. Errors go back to the owner.
 */
const workerSource = (betterSqlite3: string) => `
const { parentPort } = require('node:worker_threads');
const Database = require(${JSON.stringify(betterSqlite3)});
const connections = new Map();
const closing = (file) => { try { connections.get(file)?.close(); } catch {} connections.delete(file); };
parentPort.on('message', ({ type, file }) => {
  if (type === 'remove') return closing(file);
  if (connections.has(file)) return;
  try {
    const connection = new Database(file, { fileMustExist: true });
    connection.pragma('synchronous = NORMAL');
    connections.set(file, connection);
  } catch (error) {
    parentPort.postMessage({ file, message: String(error) });
  }
});
setInterval(() => {
  for (const [file, connection] of connections) {
    try {
      connection.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      parentPort.postMessage({ file, message: String(error) });
    }
  }
}, ${CHECKPOINT_INTERVAL_MS});
`;

interface Checkpointer {
  worker: Worker;
  /** Databases registered, each with where its errors go; errors of others are stale. */
  files: Map<string, (message: string) => void>;
}

let shared: Checkpointer | undefined;

function startWorker(): Checkpointer {
  const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(workerSource(betterSqlite3), { eval: true });
  const files = new Map<string, (message: string) => void>();
  worker.on('message', ({ file, message }: { file: string; message: string }) =>
    files.get(file)?.(message),
  );
  worker.on('error', (error) => {
    for (const report of files.values()) report(`checkpointer stopped: ${String(error)}`);
    if (shared?.worker === worker) shared = undefined;
  });
  // Kept for the process's life, idle without databases; it never holds the process open. After
  // the listeners: a 'message' listener refs the worker's port again, and `npm run db:migrate`
  // then never exited.
  worker.unref();
  return { worker, files };
}

/**
 * Moves the WAL checkpoints of a database off the request connection, onto a worker thread with
 * a connection of its own. SQLite checkpoints on the connection that commits past 1 000 WAL pages, and
 * a checkpoint writes the pages back and fsyncs twice: with better-sqlite3 that stalled the event
 * loop (on this VM's disk the refresh grant's core sat idle 13 % of the time, docs/benchmarks.md)
 * for every request in flight. The request connection keeps a backstop far above the worker's
 * pace (`BACKSTOP_CHECKPOINT_PAGES`). One worker serves every database of the process.
 *
 * Durability does not change: a commit is in the WAL either way, and SQLite replays the WAL
 * into a database that was not checkpointed when it is opened again.
 */
export function checkpointInBackground(
  database: SqliteDatabase.Database,
  onError: (message: string) => void,
): () => void {
  const file = database.name;
  database.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  shared ??= startWorker();
  const { worker, files } = shared;
  files.set(file, onError);
  worker.postMessage({ type: 'add', file });
  return () => {
    if (files.get(file) !== onError) return;
    files.delete(file);
    worker.postMessage({ type: 'remove', file });
  };
}
