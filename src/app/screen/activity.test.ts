import { describe, expect, it } from 'vitest';
import { Rig } from '../../cabinet/testing/rig';
import type { CabinetInput, CabinetResult, CabinetState, DeviceEvent } from '../../cabinet';
import { checkToScreen, type Snapshot } from '../../contract';
import type { PayTableCatalog } from '../service/installed-pay-tables';
import type { ServiceRecords } from '../service/records';
import { screenPort, type RunningCabinet } from './screen-port';

/** The pure cabinet behind the screen port, stepped as the runner steps it. */
class RigCabinet implements RunningCabinet {
  readonly rig = new Rig({ limits: { creditLimit: 5000 } });
  readonly records = {} as ServiceRecords;
  readonly payTables = {} as PayTableCatalog;
  private readonly listeners = new Set<(s: CabinetState, r: CabinetResult, i: CabinetInput) => void>();
  get state() {
    return this.rig.state;
  }
  onState(l: (s: CabinetState, r: CabinetResult, i: CabinetInput) => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  step(input: CabinetInput): CabinetResult {
    const r = this.rig.input(input);
    for (const l of this.listeners) l(this.rig.state, r, input);
    return r;
  }
  device(event: DeviceEvent): CabinetResult {
    return this.step({ kind: 'device', event });
  }
  wishAgainst(counter: number, wish: unknown): CabinetResult {
    return this.step({ kind: 'wish', counter, wish });
  }
  log(): void {}
}

function watched() {
  const cabinet = new RigCabinet();
  const port = screenPort(cabinet, () => cabinet.rig.now);
  const seen: Snapshot[] = [];
  port.onSnapshot((s) => {
    const checked = checkToScreen({ kind: 'snapshot', snapshot: s });
    if (!checked.ok) throw new Error(checked.error);
    seen.push(s);
  });
  const sent = (): { version: number; seq: number; kind: string }[] =>
    seen.splice(0).map((s) => ({ version: s.version, seq: s.activity.seq, kind: s.activity.kind }));
  return { cabinet, port, sent };
}

describe("the snapshot's activity: what a person did at the machine", () => {
  it('sends a snapshot for a refused deck press though no state changed, and none for a release', () => {
    const { cabinet, sent } = watched();
    const version = cabinet.state.version;
    expect(cabinet.device({ device: 'deck', type: 'button', button: 'deal', pressed: true }).ok).toBe(false);
    expect(sent()).toEqual([{ version, seq: 1, kind: 'buttonRefused' }]);
    cabinet.device({ device: 'deck', type: 'button', button: 'deal', pressed: false });
    expect(sent()).toEqual([]);
  });

  it('names a note put in, credited, and one handed back', () => {
    const { cabinet, sent } = watched();
    cabinet.device({ device: 'acceptor', type: 'escrow', value: 2000, denomination: '20' });
    cabinet.device({ device: 'acceptor', type: 'stacked', value: 2000, denomination: '20' });
    // Over the credit limit of 5,000: returned.
    cabinet.device({ device: 'acceptor', type: 'escrow', value: 5000, denomination: '50' });
    cabinet.device({ device: 'acceptor', type: 'returned', value: 5000 });
    expect(sent().map((x) => [x.seq, x.kind])).toEqual([
      [1, 'noteInserted'],
      [2, 'noteCredited'],
      [3, 'noteInserted'],
      [4, 'noteReturned'],
    ]);
    expect(cabinet.state.balance).toBe(2000);
  });

  it('counts a ticket put in, even one handed straight back', () => {
    const { cabinet, sent } = watched();
    cabinet.device({ device: 'acceptor', type: 'ticket', barcode: '001234567890123456' });
    cabinet.device({ device: 'acceptor', type: 'ticket', barcode: '12' });
    expect(sent().map((x) => [x.seq, x.kind])).toEqual([
      [1, 'ticketInserted'],
      [2, 'ticketInserted'],
    ]);
  });

  it('does not count a stacked report for no note (never credited) as a note credited', () => {
    const { cabinet, sent } = watched();
    cabinet.device({ device: 'acceptor', type: 'stacked', value: 2000, denomination: '20' });
    expect(sent().map((x) => x.kind)).toEqual(['none']);
    expect(cabinet.state.balance).toBe(0);
  });

  it("counts wishes taken or refused, keys and doors that moved; not the deck's state sent again, nor device health", () => {
    const { cabinet, port, sent } = watched();
    const v = cabinet.state.version;
    cabinet.wishAgainst(v - 1, { type: 'cashOut' });
    cabinet.device({ device: 'deck', type: 'key', key: 'attendant', on: true });
    cabinet.device({ device: 'deck', type: 'key', key: 'attendant', on: true });
    cabinet.device({ device: 'deck', type: 'door', door: 'main', open: true });
    cabinet.device({ device: 'printer', type: 'fault', code: 'paperOut', message: 'paper out' });
    expect(sent()).toEqual([
      { version: v, seq: 1, kind: 'wish' },
      { version: v + 1, seq: 2, kind: 'key' },
      { version: v + 2, seq: 3, kind: 'door' },
      { version: v + 3, seq: 3, kind: 'door' },
    ]);
    // A screen that connects now is told the same.
    expect(port.snapshot().activity).toEqual({ seq: 3, kind: 'door' });
  });
});
