import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFolders } from './make-folders.js';

const root = mkdtempSync(join(tmpdir(), 'vineta-folders-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('makeFolders', () => {
  it('makes every missing folder of a path, and leaves an existing one be', () => {
    const folder = join(root, 'a', 'b', 'c');
    makeFolders(folder);
    expect(existsSync(folder)).toBe(true);
    expect(() => makeFolders(folder)).not.toThrow();
  });

  it.runIf(process.platform === 'linux')(
    'throws for a folder that cannot be made under /proc, where a recursive mkdir never returns',
    () => {
      expect(() => makeFolders('/proc/no-such-folder/data')).toThrow(
        expect.objectContaining({ code: 'ENOENT' }),
      );
    },
  );
});
