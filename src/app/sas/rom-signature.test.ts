import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crc16Kermit } from '../../devices/shared/crc16-kermit';
import { programFiles, romSignature } from './rom-signature';

const dir = mkdtempSync(join(tmpdir(), 'cabinet-rom-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A built package: dist/main and dist/renderer bundles, the renderer's bundle `size` bytes. */
function build(name: string, size: number, flip: number | null): string {
  const root = join(dir, name);
  mkdirSync(join(root, 'dist', 'main'), { recursive: true });
  mkdirSync(join(root, 'dist', 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(root, 'dist', 'main', 'main.js'), 'export const main = 1;\n');
  const bundle = Buffer.alloc(size, 0x61);
  if (flip !== null) bundle.writeUInt8(bundle.readUInt8(flip) ^ 0x01, flip);
  writeFileSync(join(root, 'dist', 'renderer', 'assets', 'index.js'), bundle);
  writeFileSync(join(root, 'dist', 'renderer', 'index.html'), '<!doctype html>');
  return root;
}

describe('the ROM signature (long poll 21)', () => {
  it('covers the built bundles in a fixed order, read in pieces: two builds one byte apart differ', async () => {
    const a = build('a', 200_000, null);
    const b = build('b', 200_000, 150_001);
    const files = programFiles(a);
    expect(files.map((f) => f.slice(a.length + 1))).toEqual([
      'dist/main/main.js',
      'dist/renderer/assets/index.js',
      'dist/renderer/index.html',
    ]);
    for (const seed of [0, 0x1234, 0xffff]) {
      expect(await romSignature(programFiles(a), seed)).not.toBe(await romSignature(programFiles(b), seed));
    }
    // The same as one CRC over the files end to end, with the host's seed.
    const whole = Buffer.concat([
      Buffer.from('export const main = 1;\n'),
      Buffer.alloc(200_000, 0x61),
      Buffer.from('<!doctype html>'),
    ]);
    expect(await romSignature(files, 0xbeef)).toBe(crc16Kermit(whole, 0, whole.length, 0xbeef));
  });

  it('is over the asar alone when packaged', () => {
    expect(programFiles('/opt/cabinet/resources/app.asar')).toEqual(['/opt/cabinet/resources/app.asar']);
  });
});
