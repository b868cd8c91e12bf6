// A yardstick of the code as it was: the source tree at a commit, taken out of git into a
// temporary folder (`git archive`, no worktree), with this checkout's node_modules, so that a
// benchmark runs the old and the new code side by side in the same run on the same machine.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Main before issue 44 (the long runs): `parsheet poker-plus --best` took 1,305 s idle there. */
export const BEFORE_ISSUE_44 = 'a854f4df6d485f5e9716bf42c0b93d07579cc7b6';

const root = join(import.meta.dirname, '..');

export interface BaselineTree {
  dir: string;
  /** The commit it holds. */
  commit: string;
  remove(): void;
}

export function baselineTree(ref: string): BaselineTree {
  const commit = spawnSync('git', ['-C', root, 'rev-parse', '--verify', `${ref}^{commit}`], { encoding: 'utf8' });
  if (commit.status !== 0)
    throw new Error(
      `the yardstick's commit ${ref} is not in this clone (${commit.stderr.trim()}): fetch it, or name another`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
  // package.json too: its "type": "module" makes tsx load the tree's .ts files as ES modules.
  const tar = spawnSync(
    'sh',
    ['-c', `git -C "$1" archive --format=tar "$2" src package.json | tar -x -C "$3"`, 'sh', root, ref, dir],
    { encoding: 'utf8' },
  );
  if (tar.status !== 0) throw new Error(`git archive ${ref}: ${tar.stderr.trim()}`);
  symlinkSync(realpathSync(join(root, 'node_modules')), join(dir, 'node_modules'));
  return { dir, commit: commit.stdout.trim(), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
