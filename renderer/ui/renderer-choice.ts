// WebGL on a real GPU; Pixi's canvas renderer where WebGL is only emulated in software
// (SwiftShader, llvmpipe): there it draws these vector screens about ten times faster.

const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render/i;

export function preferCanvas(glRenderer: string | null): boolean {
  return glRenderer === null || SOFTWARE.test(glRenderer);
}

/** The WebGL renderer's name as the browser reports it, or null without WebGL. */
export function probeGlRenderer(doc: Document): string | null {
  const gl = doc.createElement('canvas').getContext('webgl2') ?? doc.createElement('canvas').getContext('webgl');
  if (!gl) return null;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return typeof name === 'string' ? name : null;
}
