// Lint, and above all the layer rule of docs/architecture.md, declared as data: which layer may
// import which, and which layers must stay free of Node, Electron, SQLite, serial or Pixi.
import tseslint from 'typescript-eslint';

const LAYERS = {
  core: { may: [], runtime: 'pure' },
  contract: { may: ['core'], runtime: 'pure' },
  math: { may: ['core'], runtime: 'node' },
  cabinet: { may: ['core', 'math'], runtime: 'pure' },
  store: { may: ['core', 'cabinet'], runtime: 'node' },
  devices: { may: ['core', 'cabinet'], runtime: 'node' },
  app: { may: ['core', 'contract', 'math', 'cabinet', 'store', 'devices'], runtime: 'node' },
  host: { may: ['core', 'contract', 'app'], runtime: 'node' },
  main: { may: ['core', 'contract', 'app'], runtime: 'electron' },
  // `npm start`: picks Electron or the browser host, so it may reach both.
  launcher: { may: ['core', 'contract', 'app', 'devices', 'host', 'main'], runtime: 'node' },
};
const ALL = [...Object.keys(LAYERS), 'renderer'];
const NODE_MODULES = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'worker_threads', 'crypto', 'net', 'http', 'stream', 'events', 'util'];
const IO_PACKAGES = ['electron', 'better-sqlite3', 'serialport', '@serialport/*', 'ws', 'pixi.js'];

// A relative import that climbs out of its folder into another layer's folder.
function forbidden(layer, may) {
  const others = ALL.filter((l) => l !== layer && !may.includes(l));
  return `^(\\.\\./)+(src/)?(${others.join('|')})(/|$)`;
}

function layerRule(layer, may, runtime) {
  const patterns = [{ regex: forbidden(layer, may), message: `docs/architecture.md: ${layer} may import only ${may.join(', ') || 'nothing of ours'}.` }];
  if (runtime === 'pure') {
    patterns.push({ group: [...NODE_MODULES, ...IO_PACKAGES], message: `${layer} is pure: no Node, Electron, SQLite, serial, network or Pixi modules.` });
  }
  return {
    files: [`src/${layer}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
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
  ...Object.entries(LAYERS).map(([layer, { may, runtime }]) => layerRule(layer, may, runtime)),
  {
    files: ['renderer/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(\\.\\./)+src/(cabinet|store|devices|app|host|main|math)(/|$)', message: 'The renderer knows only the IPC contract and core types.' },
        { group: [...NODE_MODULES, 'electron', 'better-sqlite3', 'serialport', '@serialport/*', 'ws'], message: 'The renderer runs in a sandboxed page: no Node or Electron modules.' },
      ] }],
    },
  },
);
