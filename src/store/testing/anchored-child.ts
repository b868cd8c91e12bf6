// A cabinet's store in a process of its own, for the test that kills it while the counter's
// advance is in flight (src/store/anchor/in-flight.test.ts): it takes a note, says so, then on
// "deal" deals a hand (a commit whose advance is pipelined), says what the records and the
// counter stand at without waiting for the advance, and waits to be killed; on "deal and draw"
// it draws as well, which waits for the TPM that the test has stopped. For tests only.

import { createInterface } from 'node:readline';
import { parseTcti } from '../anchor/transport';
import { Bench } from './store-rig';

const [path, tcti, index] = process.argv.slice(2);
const parsed = parseTcti(tcti ?? '');
if (!path || !parsed || !index) throw new Error('usage: anchored-child PATH TCTI INDEX');
const b = new Bench(path, { anchor: { kind: 'tpm', tcti: parsed, index: Number(index), advanceEveryMs: 0 } });
b.insert(1000);
// The note's advances landed: the deal's is then the only one out.
b.store.landAnchor();
const say = (what: string): void => {
  process.stdout.write(
    `${JSON.stringify({ what, records: b.store.reader.anchorValue(), inFlight: b.store.anchorInFlight })}\n`,
  );
};
say('noted');
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line !== 'deal' && line !== 'deal and draw') return;
  b.wish({ type: 'deal', bet: 1 });
  say('dealt');
  // The draw's commit records the next value while the deal's advance is still out, and then
  // waits for that advance's answer before its own goes: the records stand two ahead meanwhile.
  if (line === 'deal and draw') b.wish({ type: 'draw' });
});
