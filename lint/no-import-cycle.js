// Lint rule: no file may reach itself through its imports. Type-only imports count too (an
// `import type` loop is still two modules that cannot be understood, moved or tested apart),
// which is why this is not import-x/no-cycle: that rule skips every type-only edge.
//
// The file being linted contributes its imports from its syntax tree; every other file is read
// from disk and scanned by TypeScript's pre-processor (imports, exports from, dynamic and type
// imports), once per content. Only relative specifiers are followed: packages cannot import us.

import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs'];

/** The file a relative specifier names, as the bundler resolves it, or null. */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs|cjs)$/, '');
  const candidates = [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => `${base}/index${e}`)];
  for (const c of candidates) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {
      // not this one
    }
  }
  return null;
}

/**
 * Each file's resolved imports, kept while its modification time stays the same; looked at again
 * at most once a second, so that one lint of the tree reads each file once and an editor's
 * long-running linter still sees a file change.
 */
const scanned = new Map();

function importsOfFile(file) {
  const now = Date.now();
  const hit = scanned.get(file);
  if (hit && now - hit.checked < 1000) return hit.imports;
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  if (hit && hit.mtime === mtime) {
    hit.checked = now;
    return hit.imports;
  }
  const imports = [];
  if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(file)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      const target = resolveSpecifier(file, fileName);
      if (target && !imports.includes(target)) imports.push(target);
    }
  }
  scanned.set(file, { mtime, checked: now, imports });
  return imports;
}

/** The files from which `file` can be reached again, among those it reaches. */
function leadingBack(file, firstImports) {
  const seen = new Set([file]);
  const stack = [...firstImports];
  const edges = new Map([[file, firstImports]]);
  while (stack.length > 0) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    const next = importsOfFile(f);
    edges.set(f, next);
    stack.push(...next);
  }
  const importers = new Map();
  for (const [f, next] of edges) for (const n of next) importers.set(n, [...(importers.get(n) ?? []), f]);
  const back = new Set([file]);
  const queue = [file];
  while (queue.length > 0) {
    for (const f of importers.get(queue.pop()) ?? []) {
      if (back.has(f)) continue;
      back.add(f);
      queue.push(f);
    }
  }
  return { back, edges };
}

/** The shortest way from `start` back to `file` through files that lead back. */
function loopFrom(start, file, back, edges) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const f = queue.shift();
    if (f === file) break;
    for (const n of edges.get(f) ?? []) {
      if (!back.has(n) || previous.has(n)) continue;
      previous.set(n, f);
      queue.push(n);
    }
  }
  const path = [];
  for (let f = file; f !== null && f !== undefined; f = previous.get(f)) path.unshift(f);
  return path;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that is part of a loop of imports, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import loop: {{loop}}. Move what both sides share to a module both can import downward.' },
  },
  create(context) {
    const file = context.physicalFilename;
    const found = [];
    const note = (node, source) => {
      if (source && typeof source.value === 'string') found.push({ node: source, specifier: source.value });
    };
    return {
      ImportDeclaration: (node) => note(node, node.source),
      ExportNamedDeclaration: (node) => note(node, node.source),
      ExportAllDeclaration: (node) => note(node, node.source),
      ImportExpression: (node) => (node.source.type === 'Literal' ? note(node, node.source) : undefined),
      TSImportType: (node) =>
        note(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : (node.source ?? node.argument)),
      'Program:exit'() {
        const targets = found
          .map((f) => ({ ...f, target: resolveSpecifier(file, f.specifier) }))
          .filter((f) => f.target);
        if (targets.length === 0) return;
        const { back, edges } = leadingBack(file, [...new Set(targets.map((t) => t.target))]);
        const root = context.cwd ?? process.cwd();
        for (const { node, target } of targets) {
          if (!back.has(target) || target === file) continue;
          const loop = [file, ...loopFrom(target, file, back, edges)].map((f) => relative(root, f));
          context.report({ node, messageId: 'cycle', data: { loop: loop.join(' → ') } });
        }
      },
    };
  },
};
