import { describe, expect, it } from 'vitest';
import { preferCanvas } from './renderer-choice';

describe('renderer choice', () => {
  it('takes the canvas renderer where WebGL is emulated in software or missing', () => {
    expect(
      preferCanvas('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)'),
    ).toBe(true);
    expect(preferCanvas('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(preferCanvas(null)).toBe(true);
  });
  it('keeps WebGL on a real GPU', () => {
    expect(preferCanvas('ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)')).toBe(false);
    expect(preferCanvas('AMD Radeon RX 6600')).toBe(false);
  });
});
