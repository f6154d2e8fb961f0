import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * `mkdir -p`, a folder at a time: Node 20's recursive `mkdirSync` never returns for a path under
 * `/proc` (it retries the ENOENT), which `DATA_DIR` or a tenant's connection string could name;
 * this throws the ENOENT instead.
 */
export function makeFolders(folder: string): void {
  if (existsSync(folder)) return;
  const parent = dirname(folder);
  if (parent !== folder) makeFolders(parent);
  try {
    mkdirSync(folder);
  } catch (error) {
    // Another instance made it meanwhile.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
