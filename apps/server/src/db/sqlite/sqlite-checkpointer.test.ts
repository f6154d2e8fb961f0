import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKSTOP_CHECKPOINT_PAGES, checkpointInBackground } from './sqlite-checkpointer.js';

let folder: string;
let file: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'vineta-checkpoint-'));
  file = join(folder, 'data.sqlite');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A WAL database with a table of rows, as the server opens one. */
function openWal(): SqliteDatabase.Database {
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.exec('create table if not exists notes (id integer primary key, body text not null)');
  return database;
}

/** Commits `count` rows of 2 KB, one transaction each: about a WAL page each. */
function writeRows(database: SqliteDatabase.Database, count: number) {
  const insert = database.prepare('insert into notes (body) values (?)');
  for (let i = 0; i < count; i++) insert.run('x'.repeat(2048));
}

const fileSize = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0;

describe('checkpointInBackground', () => {
  it('copies the WAL into the database file on its own thread, not the writing connection', async () => {
    const database = openWal();
    const errors: string[] = [];
    let stop = () => {};
    try {
      // The writes come first, under the backstop the checkpointer sets (checked below): with
      // the worker already ticking, a slow machine saw its checkpoint land among them.
      database.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
      const before = fileSize(file);
      // 1 500 pages: past SQLite's own 1 000-page checkpoint, below the backstop.
      writeRows(database, 1_500);
      // The writes alone left the database file as it was: they are all in the WAL.
      expect(fileSize(file)).toBe(before);
      database.pragma('wal_autocheckpoint = 1000');
      stop = checkpointInBackground(database, (message) => errors.push(message));
      expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(
        BACKSTOP_CHECKPOINT_PAGES,
      );
      await expect.poll(() => fileSize(file), { timeout: 10_000 }).toBeGreaterThan(3_000_000);
      expect(errors).toEqual([]);
    } finally {
      stop();
      database.close();
    }
  });

  it('loses no commit when the process is killed before any checkpoint', () => {
    const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');
    const script = `
      const Database = require(${JSON.stringify(betterSqlite3)});
      const database = new Database(${JSON.stringify(file)});
      database.pragma('journal_mode = WAL');
      database.pragma('synchronous = NORMAL');
      database.pragma('wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}');
      database.exec('create table notes (id integer primary key, body text not null)');
      const insert = database.prepare('insert into notes (body) values (?)');
      for (let i = 0; i < 1500; i++) insert.run('x'.repeat(2048));
      process.kill(process.pid, 'SIGKILL');
    `;
    const child = spawnSync(process.execPath, ['-e', script]);
    expect(child.signal).toBe('SIGKILL');
    expect(fileSize(`${file}-wal`)).toBeGreaterThan(3_000_000);
    const reopened = new SqliteDatabase(file);
    try {
      expect(reopened.prepare('select count(*) from notes').pluck().get()).toBe(1_500);
    } finally {
      reopened.close();
    }
  });

  it('holds a connection of its own while the database is open, and lets it go on close', async () => {
    const database = openWal();
    const stop = checkpointInBackground(database, () => undefined);
    // Open descriptors of this process (the worker is a thread of it) on the database file.
    const handlesOnFile = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      }).length;
    await expect.poll(handlesOnFile, { timeout: 5_000 }).toBe(2);
    stop();
    database.close();
    await expect.poll(handlesOnFile, { timeout: 5_000 }).toBe(0);
  });
});
