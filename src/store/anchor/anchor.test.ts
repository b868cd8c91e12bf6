// The records' anchor on its own: the TPM command bytes, the TCTI strings, and the journal on a
// software TPM, with tpm2-tools as the outside witness of what the counter holds. Then the
// attacks on the counter itself: a process holding its password, an index swapped, an index
// deleted and defined again, the records carried to a second cabinet with a TPM of its own.
// The whole app's side (the tilts, the vouchers) is src/app/records-anchor.test.ts's.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readMachineKey } from '../machine-key';
import { Mirror } from '../mirror';
import { Bench, dataPath, testMachine } from '../testing/store-rig';
import { startSwtpm, type Swtpm } from '../testing/swtpm';
import { counterPassword, hexHandle, NvCounter, readCounter } from './nv-counter';
import type { AnchorChoice } from './records-anchor';
import { nvIncrement, nvRead, nvReadPublic, rcCode, TPM_RC, TpmError, TpmWireError, counterValue } from './tpm-wire';
import { openTransport, parseTcti } from './transport';

describe('the command bytes', () => {
  it('NV_Increment: tag, size, code, both handles, one password session', () => {
    const bytes = nvIncrement.command(0x01800a00, Buffer.from('pw'));
    expect(bytes.toString('hex')).toBe(
      [
        '8002', // TPM_ST_SESSIONS
        '00000021', // 33 bytes in all
        '00000134', // TPM_CC_NV_Increment
        '01800a00', // authHandle: the index authorizes itself
        '01800a00', // nvIndex
        '0000000b', // the authorization area: 11 bytes
        '40000009', // TPM_RS_PW
        '0000', // no nonce
        '01', // continueSession
        '0002' + Buffer.from('pw').toString('hex'), // the password
      ].join(''),
    );
  });

  it('NV_Read asks for 8 bytes at offset 0; NV_ReadPublic has no session', () => {
    expect(nvRead.command(0x01800a00, Buffer.from('pw'), 8).subarray(-4).toString('hex')).toBe('00080000');
    expect(nvReadPublic.command(0x01800a00).toString('hex')).toBe('80010000000e0000016901800a00');
  });

  it('reads a response only as long as it says, and an error code as the error it is', () => {
    const ok = Buffer.from(
      ['8002', '0000001d', '00000000', '0000000a', '0008', '0000000000000007', '0000', '01', '0000'].join(''),
      'hex',
    );
    expect(counterValue(nvRead.response(ok))).toBe(7);
    expect(() => nvRead.response(ok.subarray(0, 20))).toThrow(TpmWireError);
    const refused = Buffer.from('80010000000a000009a2', 'hex');
    expect(() => nvRead.response(refused)).toThrow(/TPM2_NV_Read failed: TPM_RC_BAD_AUTH \(0x9a2\)/);
    // Format-one codes carry the handle, parameter or session they are about: not what they mean.
    expect(rcCode(0x18b)).toBe(TPM_RC.HANDLE);
    expect(rcCode(0x28b)).toBe(TPM_RC.HANDLE);
    expect(rcCode(0x14a)).toBe(TPM_RC.NV_UNINITIALIZED);
    expect(() => counterValue(Buffer.alloc(4))).toThrow(/8 bytes/);
  });

  it('takes the TCTIs of tpm2-tools for a device and for swtpm, and no other', () => {
    expect(parseTcti('device:/dev/tpmrm0')).toEqual({ kind: 'device', path: '/dev/tpmrm0' });
    expect(parseTcti('device')).toEqual({ kind: 'device', path: '/dev/tpmrm0' });
    expect(parseTcti('swtpm:host=127.0.0.1,port=2321')).toEqual({ kind: 'swtpm', host: '127.0.0.1', port: 2321 });
    expect(parseTcti('swtpm')).toEqual({ kind: 'swtpm', host: 'localhost', port: 2321 });
    expect(parseTcti('swtpm:path=/run/swtpm.sock')).toEqual({ kind: 'swtpm', path: '/run/swtpm.sock' });
    for (const no of ['mssim:port=2321', 'tabrmd', 'swtpm:port=0', 'swtpm:port=x', 'swtpm:hots=a', 'device:tpm0', ''])
      expect(parseTcti(no), no).toBeNull();
  });
});

describe('the journal on a software TPM', () => {
  let root: string;
  let tpm: Swtpm;
  let dir: string;
  let index: number;
  let n = 0;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cabinet-counter-'));
    tpm = await startSwtpm(join(root, 'tpm'));
  });
  afterAll(async () => {
    await tpm.stop();
    rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    n++;
    dir = join(root, `t${n}`);
    index = 0x01800a00 + 2 * n;
  });

  // An advance at every commit that moves money (no interval): the pipeline these tests follow
  // commit by commit; the NV budget's interval has tests of its own (nv-budget.test.ts).
  const anchor = (over: Partial<Extract<AnchorChoice, { kind: 'tpm' }>> = {}): AnchorChoice => ({
    kind: 'tpm',
    tcti: tpm.tcti,
    index,
    advanceEveryMs: 0,
    ...over,
  });
  /** What tpm2-tools reads of the counter, with the owner's (empty) authorization. */
  const witnessHex = (): number => {
    const out = tpm.tools('sh', ['-c', `tpm2_nvread ${hexHandle(index)} -C o -s 8 2>/dev/null | od -An -tx1`]);
    return Number(BigInt('0x' + out.replace(/\s/g, '')));
  };

  it('defines its counter on the first start, advances it once per commit that moves money, and tpm2-tools agrees; the mirror records it too', () => {
    const path = dataPath(dir);
    const b = new Bench(path, { anchor: anchor() });
    expect(b.store.records.ok).toBe(true);
    const public_ = tpm.tools('tpm2_nvreadpublic', [hexHandle(index)]);
    // A counter, the cabinet's password for reading and advancing it, the owner's for reading, no lockout.
    expect(public_).toMatch(/friendly: authwrite\|nt=0x1\|ownerread\|authread\|no_da\|written/);
    const bound = b.store.anchorStatus.records!;
    expect(b.store.anchorStatus.counter).toBe(bound);
    b.store.close();
    expect(witnessHex()).toBe(bound);

    const c = new Bench(path, { anchor: anchor() });
    // Hold toggles move nothing: no advance. A note, a deal, a draw: one each.
    c.insert(500);
    const afterNote = c.store.anchorStatus.records!;
    expect(afterNote).toBeGreaterThan(bound);
    c.wish({ type: 'deal', bet: 1 });
    const dealt = c.store.anchorStatus.records!;
    c.wish({ type: 'toggleHold', position: 0 });
    c.wish({ type: 'toggleHold', position: 0 });
    expect(c.store.anchorStatus.records).toBe(dealt);
    c.wish({ type: 'draw' });
    expect(c.store.anchorStatus.records).toBe(dealt + 1);
    const last = c.store.anchorStatus.records!;
    expect(c.store.anchorStatus.counter).toBe(last);
    c.store.close();
    expect(witnessHex()).toBe(last);
    // The mirror records the value its commit was made at, as the commit does.
    const mirrored = new Mirror(testMachine(dir).mirror, readMachineKey(testMachine(dir).keyFile)).read();
    expect(mirrored.found === 'record' && mirrored.record.anchor).toBe(last);
    // Every commit signed the value it was made at, and the records verify whole under the key.
    const reader = new Bench(path, { anchor: anchor() });
    expect(reader.store.reader.anchorValue()).toBe(last);
    expect(reader.store.records.ok).toBe(true);
    reader.store.close();
  });

  it("a batch's commits that move money share one value and one advance, made once the batch is on the disk; a cash-out in it has its own, landed at once", async () => {
    const path = dataPath(dir);
    const b = new Bench(path, { anchor: anchor() });
    b.insert(1000);
    const before = b.store.anchorStatus.counter!;
    b.store.beginBatch();
    b.wish({ type: 'deal', bet: 1 });
    b.wish({ type: 'toggleHold', position: 0 });
    b.wish({ type: 'draw' });
    b.wish({ type: 'deal', bet: 1 });
    // Four commits, three that move money: one value for all, no advance out before the sync.
    expect(b.store.reader.anchorValue()).toBe(before + 1);
    expect(b.store.anchorInFlight).toBe(false);
    expect(b.store.durableSeq).toBeLessThan(b.store.headSeq);
    const synced = new Promise<void>((resolve) => b.store.endBatchSoon(resolve));
    await synced;
    expect(b.store.durableSeq).toBe(b.store.headSeq);
    expect(b.store.anchorStatus).toMatchObject({ records: before + 1, counter: before + 1 });

    b.store.beginBatch();
    b.wish({ type: 'draw' });
    const cashOut = b.store.headSeq + 1;
    b.wish({ type: 'cashOut' });
    // Synced where it stands, the draw's group first: the draw's advance, then its own, landed.
    expect(b.store.durableSeq).toBe(cashOut);
    expect(b.store.anchorInFlight).toBe(false);
    expect(b.store.reader.anchorValue()).toBe(before + 3);
    b.store.endBatch();
    expect(b.store.anchorStatus).toMatchObject({ records: before + 3, counter: before + 3 });
    b.store.close();
    expect(witnessHex()).toBe(before + 3);
  });

  it("a batch that ends while the advance before it is out is sealed once that lands, never waiting on the cabinet's thread", async () => {
    const path = dataPath(dir);
    const b = new Bench(path, { anchor: anchor() });
    b.insert(1000);
    const before = b.store.reader.anchorValue()!;
    b.store.beginBatch();
    b.wish({ type: 'deal', bet: 1 });
    await new Promise<void>((resolve) => b.store.endBatchSoon(resolve));
    // The deal's group is on the disk and its advance is out, its answer not yet taken.
    expect(b.store.anchorInFlight).toBe(true);
    b.store.beginBatch();
    b.wish({ type: 'draw' });
    expect(b.store.reader.anchorValue()).toBe(before + 2);
    const second = new Promise<void>((resolve) => b.store.endBatchSoon(resolve));
    // The seal left the answer alone: it follows once the TPM has given it, on the event loop.
    expect(b.store.anchorInFlight).toBe(true);
    expect(b.store.durableSeq).toBeLessThan(b.store.headSeq);
    await second;
    expect(b.store.durableSeq).toBe(b.store.headSeq);
    expect(b.store.anchorStatus).toMatchObject({ records: before + 2, counter: before + 2 });
    b.store.close();
    expect(witnessHex()).toBe(before + 2);
  });

  it('a commit whose advance does not land leaves the records one ahead, never further, and the next start finishes the advance', async () => {
    const path = dataPath(dir);
    const b = new Bench(path, { anchor: anchor() });
    b.insert(500);
    const before = b.store.anchorStatus.counter!;
    await tpm.stop();
    try {
      // The commit is made; the advance after it finds no TPM, as a kill between the two leaves it.
      b.insert(500);
      expect(b.store.anchorStatus).toMatchObject({ records: before + 1, counter: before });
      expect(b.store.anchorProblem).toMatch(`the TPM counter ${hexHandle(index)} cannot be advanced`);
      // More commits wait on the same advance: the records never get further ahead than one.
      b.insert(500);
      expect(b.store.anchorStatus.records).toBe(before + 1);
      b.store.close();
    } finally {
      await tpm.restart();
    }
    expect(witnessHex()).toBe(before);
    const again = new Bench(path, { anchor: anchor() });
    expect(again.store.records.ok).toBe(true);
    expect(again.store.anchorStatus).toMatchObject({ records: before + 1, counter: before + 1 });
    expect(again.store.reader.events().some((e) => e.kind === 'records' && e.data.event === 'anchorCaughtUp')).toBe(
      false,
    );
    // Written with the next commit (a note's escrow, then its stacking: two advances).
    again.insert(500);
    const caught = again.store.reader.events().filter((e) => e.kind === 'records' && e.data.event === 'anchorCaughtUp');
    expect(caught.map((e) => [e.data.from, e.data.to])).toEqual([[before, before + 1]]);
    again.store.close();
    expect(witnessHex()).toBe(before + 3);
  });

  it('advances that fail while a group syncs leave the records two ahead at most, and a retry brings the counter to them, never refusing them', async () => {
    const path = dataPath(dir);
    const b = new Bench(path, { anchor: anchor() });
    b.insert(1000);
    // The note's advance landed: the deal's group goes to its sync at once.
    b.store.landAnchor();
    const before = b.store.reader.anchorValue()!;
    await tpm.stop();
    try {
      b.store.beginBatch();
      b.wish({ type: 'deal', bet: 1 });
      b.store.endBatchSoon(() => {});
      // The deal's group syncs; the next batch records the value after it.
      b.store.beginBatch();
      b.wish({ type: 'draw' });
      expect(b.store.reader.anchorValue()).toBe(before + 2);
      b.store.endBatchSoon(() => {});
      // Both groups' syncs end (the first one's end is told too), and what is out is taken.
      for (const limit = Date.now() + 5000; !b.store.settled && Date.now() < limit;)
        await new Promise<void>((r) => setTimeout(r, 1));
      expect(b.store.settled).toBe(true);
      b.store.landAnchor();
      expect(b.store.anchorProblem).toMatch(`the TPM counter ${hexHandle(index)} cannot be advanced`);
      expect(b.store.reader.anchorValue()).toBe(before + 2);
      // Every commit while the counter cannot be reached waits on the same advance: never three ahead.
      b.insert(500);
      b.store.beginBatch();
      b.wish({ type: 'deal', bet: 1 });
      b.store.endBatch();
      expect(b.store.reader.anchorValue()).toBe(before + 2);
    } finally {
      await tpm.restart();
    }
    expect(witnessHex()).toBe(before);
    // The retry makes both advances, to the records' own value, and refuses nothing.
    b.store.retryAnchor();
    expect(b.store.anchorProblem).toBeNull();
    expect(b.store.anchorRefusal).toBeNull();
    expect(b.store.anchorStatus).toMatchObject({ records: before + 2, counter: before + 2 });
    b.wish({ type: 'draw' });
    expect(b.store.anchorStatus).toMatchObject({ records: before + 3, counter: before + 3 });
    b.store.close();
    expect(witnessHex()).toBe(before + 3);
    const again = new Bench(path, { anchor: anchor() });
    expect(again.store.records.ok).toBe(true);
    again.store.close();
  });

  it('a process holding the password can only push the counter on: the records then read as behind it, and are refused', () => {
    const path = dataPath(dir);
    const b = new Bench(path, { anchor: anchor() });
    b.insert(500);
    b.store.close();
    const key = readMachineKey(testMachine(dir).keyFile);
    const thief = new NvCounter(openTransport(tpm.tcti), index, counterPassword(key));
    const at = thief.read();
    thief.increment();
    // There is no command that takes a counter back: NV_Write on a counter is refused.
    expect(thief.read()).toBe(at + 1);
    thief.close();
    const again = new Bench(path, { anchor: anchor() });
    expect(again.store.records).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        `rolled back: the records are at counter value ${at}, the TPM counter ${hexHandle(index)} at ${at + 1}`,
      ),
    });
    again.store.close();
  });

  it('an index swapped for one that is not a counter of ours is never used: a tilt, and nothing is refused or defined over it', () => {
    const path = dataPath(dir);
    new Bench(path, { anchor: anchor() }).store.close();
    tpm.tools('tpm2_nvundefine', [hexHandle(index), '-C', 'o']);
    // An ordinary index, which anyone with its password could write any value to.
    tpm.tools('tpm2_nvdefine', [
      hexHandle(index),
      '-C',
      'o',
      '-s',
      '8',
      '-a',
      'ownerread|ownerwrite|authread|authwrite',
    ]);
    const b = new Bench(path, { anchor: anchor() });
    expect(b.store.anchorProblem).toMatch(
      `the TPM's NV index ${hexHandle(index)} is not this cabinet's counter: it is not a counter`,
    );
    expect(b.store.records.ok).toBe(true);
    b.store.close();
    expect(tpm.tools('tpm2_nvreadpublic', [hexHandle(index)])).not.toMatch(/nt=0x1/);
  });

  it("a counter another machine key defined is not this cabinet's", () => {
    const other = dataPath(join(dir, 'other'));
    new Bench(other, { anchor: anchor() }).store.close();
    const path = dataPath(dir);
    const b = new Bench(path, { anchor: anchor() });
    expect(b.store.anchorProblem).toMatch(/does not take this machine key's password/);
    b.store.close();
  });

  it('an index deleted and defined again starts past every value it had: the records read as behind it', () => {
    const path = dataPath(dir);
    const b = new Bench(path, { anchor: anchor() });
    b.insert(500);
    const at = b.store.anchorStatus.records!;
    b.store.close();
    tpm.tools('tpm2_nvundefine', [hexHandle(index), '-C', 'o']);
    const key = readMachineKey(testMachine(dir).keyFile);
    const thief = new NvCounter(openTransport(tpm.tcti), index, counterPassword(key));
    thief.define();
    thief.increment();
    const restarted = thief.read();
    thief.close();
    expect(restarted).toBeGreaterThan(at);
    const again = new Bench(path, { anchor: anchor() });
    expect(again.store.records.ok).toBe(false);
    expect(again.store.records.ok || again.store.records.reason).toMatch(
      `rolled back: the records are at counter value ${at}`,
    );
    again.store.close();
  });

  it('the records, key and mirror carried to a second cabinet with a TPM of its own: refused there', async () => {
    const path = dataPath(dir);
    const b = new Bench(path, { anchor: anchor() });
    for (let i = 0; i < 3; i++) b.insert(500);
    b.store.close();
    const second = await startSwtpm(join(root, `second-${n}`));
    try {
      const there = join(root, `cabinet-b-${n}`);
      cpSync(dirname(dirname(path)), there, { recursive: true });
      const c = new Bench(join(there, 'data', 'c.db'), { anchor: { kind: 'tpm', tcti: second.tcti, index } });
      // Its counter is missing there: the records say they were anchored, so they are refused.
      expect(c.store.records.ok || c.store.records.reason).toMatch(/their TPM counter 0x[0-9a-f]{8} is missing/);
      c.store.close();
      expect(readCounter(second.tcti, readMachineKey(testMachine(there).keyFile), index).found).toBe('missing');
    } finally {
      await second.stop();
    }
  });

  it('anchored records opened with no counter are refused; unanchored ones on a used counter too', () => {
    const path = dataPath(dir);
    new Bench(path, { anchor: anchor() }).store.close();
    const none = new Bench(path, { anchor: { kind: 'none', why: 'test' } });
    expect(none.store.records.ok || none.store.records.reason).toMatch(
      /anchored to a TPM counter \(at value \d+\) and this start has none/,
    );
    none.store.close();
    const fresh = dataPath(join(dir, 'fresh'));
    const f = new Bench(fresh, {
      anchor: anchor(),
      keyFile: testMachine(dir).keyFile,
      mirror: join(dir, 'fresh-mirror'),
    });
    expect(f.store.records.ok || f.store.records.reason).toMatch(
      /the records are not anchored, and this machine's TPM counter .* is at value \d+/,
    );
    f.store.close();
  });

  it('an error code, a short answer and a TPM that never answers are told apart', () => {
    const key = readMachineKey(join(root, 't1', 'machine.key'));
    const c = new NvCounter(
      openTransport({ kind: 'swtpm', host: '127.0.0.1', port: 1 }, 500),
      index,
      counterPassword(key),
    );
    expect(() => c.state()).toThrow(/ECONNREFUSED/);
    c.close();
    const missing = new NvCounter(openTransport(tpm.tcti), 0x01bfff00, counterPassword(key));
    expect(missing.state()).toEqual({ found: 'missing' });
    expect(() => missing.read()).toThrow(TpmError);
    missing.close();
  });
});
