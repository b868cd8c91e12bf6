// Lint rule: a game's id (`'jacks-or-better'`) is written only inside that game's own module
// (src/core/games/<id>/) and the registry (src/core/games/registry.ts); everything else reads it
// from there (docs/architecture.md, "Adding a game"). The ids are each module's `id.ts`, read
// from disk, so a new game's folder brings its id under the rule with no change here.
//
// Options: `root` (the repository, for the modules' folder) and `legacy`, the files written
// before the modules that still hold an id literal. That list only shrinks: the rule reports a
// listed file that no longer holds one, so a file put right leaves the list in the same change.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const GAMES_FOLDER = 'src/core/games';
export const REGISTRY = `${GAMES_FOLDER}/registry.ts`;

/** Each installed game's id, by its module's folder: `export const X_ID = '…'` in `id.ts`. */
export function gameIds(root) {
  const folder = join(root, GAMES_FOLDER);
  const ids = new Map();
  if (!existsSync(folder)) return ids;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const idFile = join(folder, entry.name, 'id.ts');
    if (!existsSync(idFile)) continue;
    const found = /export const \w+ = '([^']+)'/.exec(readFileSync(idFile, 'utf8'));
    if (found) ids.set(found[1], `${GAMES_FOLDER}/${entry.name}/`);
  }
  return ids;
}

const idsByRoot = new Map();

export default {
  meta: {
    type: 'problem',
    docs: { description: "a game's id literal only in its own module and the registry" },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, legacy: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      literal:
        "The game id '{{id}}' is written only in its module ({{module}}) and the registry: read it from there (the module's id, gameModule, GAME_IDS; docs/architecture.md, \"Adding a game\").",
      stale: 'This file holds no game id literal any more: take it off the legacy list in eslint.config.js.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const root = options.root ?? context.cwd;
    if (!idsByRoot.has(root)) idsByRoot.set(root, gameIds(root));
    const ids = idsByRoot.get(root);
    const file = relative(root, context.filename).split(sep).join('/');
    const legacy = (options.legacy ?? []).includes(file);
    let found = 0;
    const check = (node, value) => {
      const module = ids.get(value);
      if (module === undefined) return;
      if (file === REGISTRY || file.startsWith(module)) return;
      found++;
      if (!legacy) context.report({ node, messageId: 'literal', data: { id: value, module } });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateLiteral(node) {
        if (node.expressions.length === 0) check(node, node.quasis[0]?.value.cooked);
      },
      'Program:exit'(node) {
        if (legacy && found === 0) context.report({ node, messageId: 'stale' });
      },
    };
  },
};
