import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'renderer/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Two files at a time: vitest's default on two cores is one, and much of a file's time is
    // spent waiting (pseudo-terminals, Chromium, child cabinets), so one core sat idle. No test
    // shares a port, a fixed path or a terminal name with another file (each makes its own
    // temporary folder and asks the system for its ports), so files stay independent.
    maxWorkers: 2,
  },
});
