// The EBDS toggle kept in a one-byte file beside the cabinet's data (./link.ts says why). Written
// before every command, without fsync: it must outlive the cabinet's process, which the page
// cache does, not a power cut, which resets the acceptor's memory of the toggle as well. A file
// that is missing or holds anything else means "not known", and the link starts at 0.

import { readFileSync, writeFileSync } from 'node:fs';
import type { Toggle } from './frame';
import type { ToggleStore } from './link';

export function toggleFile(path: string): ToggleStore {
  let last: Toggle | null = null;
  return {
    load() {
      try {
        const text = readFileSync(path, 'latin1');
        last = text === '0' ? 0 : text === '1' ? 1 : null;
      } catch {
        last = null;
      }
      return last;
    },
    save(toggle) {
      if (toggle === last) return;
      writeFileSync(path, String(toggle), 'latin1');
      last = toggle;
    },
  };
}
