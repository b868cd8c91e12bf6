// Lint, and above all the layer rule of docs/architecture.md, declared as data: which layer may
// import which, and which layers must stay free of Node, Electron, SQLite, serial or Pixi; the
// same inside the renderer, room by room; and test code kept in rooms of its own.
import tseslint from 'typescript-eslint';
import gameIdLiterals from './lint/game-id-literals.js';
import noImportCycle from './lint/no-import-cycle.js';
import { pureLayerProblems } from './lint/pure-layers.js';

const LAYERS = {
  core: { may: [], runtime: 'pure' },
  // The contract carries the cabinet's own vocabulary (src/cabinet/vocabulary): it re-exports it, nothing else of the cabinet.
  contract: { may: ['core', 'cabinet'], only: { cabinet: 'vocabulary' }, runtime: 'pure' },
  math: { may: ['core'], runtime: 'node' },
  cabinet: { may: ['core'], runtime: 'pure' },
  store: { may: ['core', 'cabinet'], runtime: 'node' },
  devices: { may: ['core', 'cabinet'], runtime: 'node' },
  app: { may: ['core', 'contract', 'math', 'cabinet', 'store', 'devices'], runtime: 'node' },
  host: { may: ['core', 'contract', 'app'], runtime: 'node' },
  main: { may: ['core', 'contract', 'app'], runtime: 'electron' },
  // `npm start`: picks Electron or the browser host, so it may reach both.
  launcher: { may: ['core', 'contract', 'app', 'devices', 'host', 'main'], runtime: 'node' },
};
const ALL = [...Object.keys(LAYERS), 'renderer'];

// A pure layer reaches only pure layers: what it may import cannot bring Node (or a browser) in.
const impureReach = pureLayerProblems(LAYERS);
if (impureReach.length > 0) throw new Error(`eslint.config.js: ${impureReach.join('; ')}`);

// Test code lives in rooms of its own (docs/architecture.md, "Where tests live"): the helpers a
// layer's tests share in that layer's `testing/` folder, the harnesses and rigs in `test/` at the
// root. Production code imports neither; tests, benchmarks and the testing folders themselves may.
const TEST_CODE = {
  folders: ['testing'],
  root: 'test',
  mayImport: ['**/*.test.ts', '**/testing/**'],
};
const TEST_CODE_PATTERN = {
  regex: `(^|/)(${TEST_CODE.folders.join('|')})(/|$)|^(\\.\\./)+${TEST_CODE.root}/`,
  message: `Production code never imports test code (a ${TEST_CODE.folders.join(', ')}/ folder, or ${TEST_CODE.root}/): docs/architecture.md, "Where tests live".`,
};
const NODE_MODULES = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'worker_threads',
  'crypto',
  'net',
  'http',
  'stream',
  'events',
  'util',
];
const IO_PACKAGES = ['electron', 'better-sqlite3', 'serialport', '@serialport/*', 'ws', 'pixi.js'];

// A game's id literal is written only in its own module and the registry (lint/game-id-literals.js,
// docs/architecture.md, "Adding a game"). GAME_ID_LEGACY: the production files that held one when
// the game modules came (51 files then), still to be put right; the list only shrinks, since the
// rule reports a listed file that no longer holds one.
const GAME_ID_LEGACY = [];

// The renderer's rooms (README, "Player screens"): which room may import which, and which may draw
// with Pixi. main.ts, screen-router.ts and test-hook.ts at the root wire the rooms together; no room imports them.
// A room's sub-folders listed as `apart` import only the room's own files, never each other.
const ROOMS = {
  transport: { may: [], pixi: false },
  i18n: { may: [], pixi: false },
  model: { may: ['transport', 'i18n'], pixi: false, apart: ['play', 'service'] },
  audio: { may: ['model'], pixi: false },
  ui: { may: ['model'], pixi: true },
  screens: { may: ['model', 'i18n', 'ui'], pixi: true },
};
const RENDERER_ROOT = ['main', 'screen-router', 'test-hook'];
// The renderer knows only the contract: what a screen shows (cards, pay rows, a recalled game's
// frames) comes in the snapshot or an answer, made by the app with the rules core; the renderer
// runs no rule of its own and reaches the core only through what the contract re-exports.
const RENDERER_PATTERNS = [
  {
    regex: '^(\\.\\./)+src/(core|cabinet|store|devices|app|host|main|math)(/|$)',
    message:
      'The renderer knows only the IPC contract (src/contract): docs/architecture.md, "One contract, two carriers".',
  },
  {
    group: [...NODE_MODULES, 'electron', 'better-sqlite3', 'serialport', '@serialport/*', 'ws'],
    message: 'The renderer runs in a sandboxed page: no Node or Electron modules.',
  },
  TEST_CODE_PATTERN,
];

// A relative import that climbs out of its folder into another layer's folder.
function forbidden(layer, may) {
  const others = ALL.filter((l) => l !== layer && !may.includes(l));
  return `^(\\.\\./)+(src/)?(${others.join('|')})(/|$)`;
}

function layerRule(layer, may, runtime, only = {}) {
  const patterns = [
    {
      regex: forbidden(layer, may),
      message: `docs/architecture.md: ${layer} may import only ${may.join(', ') || 'nothing of ours'}.`,
    },
  ];
  for (const [other, folder] of Object.entries(only)) {
    patterns.push({
      regex: `^(\\.\\./)+(src/)?${other}/(?!${folder}/)`,
      message: `docs/architecture.md: ${layer} may import only ${other}/${folder} of ${other}.`,
    });
  }
  if (runtime === 'pure') {
    patterns.push({
      group: [...NODE_MODULES, ...IO_PACKAGES],
      message: `${layer} is pure: no Node, Electron, SQLite, serial, network or Pixi modules.`,
    });
  }
  // A layer's testing folder keeps to the layer's imports, and may import other test code.
  return [
    {
      files: [`src/${layer}/**/*.ts`],
      ignores: TEST_CODE.mayImport,
      rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, TEST_CODE_PATTERN] }] },
    },
    {
      files: TEST_CODE.folders.map((folder) => `src/${layer}/**/${folder}/**/*.ts`),
      ignores: ['**/*.test.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    },
  ];
}

// A room's rule carries the renderer's own patterns too: a later block's options replace an
// earlier one's for the same file, so each block states them all.
function roomRules(room, { may, pixi, apart = [] }) {
  const others = [...Object.keys(ROOMS).filter((r) => r !== room && !may.includes(r)), ...RENDERER_ROOT];
  const patterns = [
    ...RENDERER_PATTERNS,
    {
      regex: `^(\\.\\./)+(${others.join('|')})(/|$)`,
      message: `renderer/${room} may import ${may.length ? `only ${may.join(', ')}` : 'no other room'} (eslint.config.js, ROOMS).`,
    },
  ];
  if (!pixi) patterns.push({ group: ['pixi.js', 'pixi.js/*'], message: `renderer/${room} draws nothing: no Pixi.` });
  const block = (files, extra = []) => ({
    files,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, ...extra] }] },
  });
  return [
    block([`renderer/${room}/**/*.ts`]),
    ...apart.map((part) => {
      const rest = apart.filter((p) => p !== part);
      return block(
        [`renderer/${room}/${part}/**/*.ts`],
        [
          {
            regex: `^(\\.\\./)+(${rest.join('|')})(/|$)`,
            message: `renderer/${room}/${part} and ${rest.join(', ')} stay apart: what both need lives in renderer/${room}.`,
          },
        ],
      );
    }),
  ];
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'test-results/**', 'renderer/dist/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.ts', 'renderer/**/*.ts'],
    ignores: TEST_CODE.mayImport,
    plugins: { games: { rules: { 'game-id-literals': gameIdLiterals } } },
    rules: { 'games/game-id-literals': ['error', { legacy: GAME_ID_LEGACY }] },
  },
  // No loops of imports (lint/no-import-cycle.js), type-only ones included.
  {
    files: ['src/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts', 'renderer/**/*.ts'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'local/no-import-cycle': 'error' },
  },
  ...Object.entries(LAYERS).flatMap(([layer, { may, runtime, only }]) => layerRule(layer, may, runtime, only)),
  {
    files: ['renderer/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: RENDERER_PATTERNS }] },
  },
  ...Object.entries(ROOMS).flatMap(([room, spec]) => roomRules(room, spec)),
);
