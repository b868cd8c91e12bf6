/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file on purpose, see below */
// Worker entry in plain JavaScript. Node 20 ignores `--import tsx` in a worker's execArgv, and
// tsx's ESM hooks boot a loader thread per worker (about half a second); its CommonJS hook
// loads in-thread and boots in a fraction of that, which is all a worker module needs.
const { workerData } = require('node:worker_threads');

require('tsx/cjs/api').register();
require(workerData.entryPath);
