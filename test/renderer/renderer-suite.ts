// One fake cabinet serving the built renderer and one Chromium for a renderer test file, started
// before its first test and closed after its last (screenshots go to test-results/screens).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildRenderer, CHROMIUM_ARGS } from '../support/renderer-build';
import { FakeCabinet } from './fake-cabinet';

export const SHOTS = fileURLToPath(new URL('../../test-results/screens', import.meta.url));

export interface RendererSuite {
  readonly browser: Browser;
  readonly cabinet: FakeCabinet;
}

export function rendererSuite(): RendererSuite {
  let browser: Browser | null = null;
  let cabinet: FakeCabinet | null = null;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    cabinet = new FakeCabinet(await buildRenderer());
    await cabinet.start();
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await cabinet?.stop();
  });
  return {
    get browser() {
      if (!browser) throw new Error('the browser starts before the first test');
      return browser;
    },
    get cabinet() {
      if (!cabinet) throw new Error('the fake cabinet starts before the first test');
      return cabinet;
    },
  };
}
