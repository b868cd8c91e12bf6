// Starts Pixi on the page: WebGL on a real GPU, the canvas renderer where WebGL is only emulated
// in software (renderer-choice.ts). Its own ticker stays stopped: the navigator's drives the
// frames and draws only those that are due.

// The page runs under a CSP without 'unsafe-eval' (src/host): Pixi's static shader paths.
import 'pixi.js/unsafe-eval';
import { Application } from 'pixi.js';
import { preferCanvas, probeGlRenderer } from './renderer-choice';
import { COLORS } from './theme';

export async function startPixi(log: (line: string) => void): Promise<Application> {
  const app = new Application();
  const glRenderer = probeGlRenderer(document);
  const preference = preferCanvas(glRenderer) ? 'canvas' : 'webgl';
  log(`renderer: ${preference} (WebGL device: ${glRenderer ?? 'none'})`);
  await app.init({
    preference,
    resizeTo: window,
    antialias: preference === 'webgl',
    background: COLORS.backdrop,
    autoDensity: true,
    resolution: 1,
    autoStart: false,
  });
  document.body.appendChild(app.canvas);
  return app;
}
