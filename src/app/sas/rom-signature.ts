// Long poll 21: the ROM signature, a CRC-16 seeded by the host over the installed program, so a
// casino system can tell the software on the machine is the software it approved. The program
// is the packaged app's asar when there is one; unpackaged, the built bundles (dist/main and
// dist/renderer); run from source without a build, the sources themselves. Files in name order,
// each read in pieces, so the signature never holds the event loop for long.

import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crc16Kermit } from '../../devices/shared/crc16-kermit';
import { packageRoot } from '../service/package-root';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** The files the signature covers, in a fixed order. */
export function programFiles(root: string = packageRoot()): string[] {
  // Inside Electron the package root is the asar itself: the one file that is the program.
  if (root.endsWith('.asar')) return [root];
  const built = ['dist/main', 'dist/renderer'].flatMap((d) => filesUnder(join(root, d)));
  const files =
    built.length > 0
      ? built
      : ['src', 'renderer'].flatMap((d) => filesUnder(join(root, d))).filter((f) => !/\.test\.ts$/.test(f));
  return files.sort((a, b) => (relative(root, a) < relative(root, b) ? -1 : 1));
}

/** CRC-16/KERMIT from `seed` over `files`, read in pieces. */
export async function romSignature(files: readonly string[], seed: number): Promise<number> {
  // Electron reads an asar as a folder unless told not to; the signature is over its bytes.
  const proc = process as { noAsar?: boolean };
  const noAsar = proc.noAsar;
  proc.noAsar = true;
  try {
    let crc = seed & 0xffff;
    for (const file of files) {
      if (!statSync(file).isFile()) throw new Error(`${file} is not a file`);
      for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 }))
        crc = crc16Kermit(chunk as Buffer, 0, (chunk as Buffer).length, crc);
    }
    return crc;
  } finally {
    proc.noAsar = noAsar;
  }
}
