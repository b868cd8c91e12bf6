// What ships imports only what package.json promises it: every package a production file of
// src/ or renderer/ imports is declared in "dependencies" (or "optionalDependencies", Electron's),
// never only in "devDependencies" or not at all, so `npm ci --omit=dev` runs what was built. The
// two build scripts (the main process's bundle, the renderer's) run before packaging, with the
// development packages: theirs are declared in "devDependencies" at least.

import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};
const BUILD_SCRIPTS = new Set(['src/main/build-main.ts', 'renderer/vite.config.ts']);
const SHIPPED = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})]);
const BUILTIN = new Set(builtinModules);

function* productionFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'node_modules' && entry.name !== 'dist')
        yield* productionFiles(path);
    } else if (/\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) yield path;
  }
}

/** The package a bare specifier names ("@scope/name/sub" → "@scope/name"), or null for ours and Node's. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return BUILTIN.has(name) ? null : name;
}

describe('production code imports only declared dependencies', () => {
  it('finds every package src/ and renderer/ import in dependencies', () => {
    const undeclared: string[] = [];
    let files = 0;
    for (const top of ['src', 'renderer']) {
      for (const file of productionFiles(join(ROOT, top))) {
        files++;
        const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
        for (const { fileName } of importedFiles) {
          const name = packageOf(fileName);
          const at = relative(ROOT, file);
          const declared = SHIPPED.has(name ?? '') || (BUILD_SCRIPTS.has(at) && name! in pkg.devDependencies);
          if (name && !declared) undeclared.push(`${at} imports ${name}`);
        }
      }
    }
    expect(files).toBeGreaterThan(300);
    expect(undeclared).toEqual([]);
  });

  it('names a package imported without being declared', () => {
    expect(packageOf('@serialport/stream')).toBe('@serialport/stream');
    expect(packageOf('pixi.js/lib/x')).toBe('pixi.js');
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('events')).toBeNull();
    expect(SHIPPED.has('@pokertools/evaluator')).toBe(false);
  });
});
