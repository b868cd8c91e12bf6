// The development page's commands, carried out on the simulators. Each command is checked
// before it touches a simulator; an unknown or malformed one is refused with a reason.

import type { Button, Door, KeySwitch } from '../cabinet';
import { BUTTONS, DOORS } from '../cabinet';
import type { SimulatedAcceptor, SimulatedDevices } from '../devices';
import { AFT_CONDITION, AFT_TRANSFER_TYPE } from '../devices/sas/aft-codes';
import type { SasHost } from '../devices/sas/host';
import { aftLock, aftTransfer, aftTransferRequest } from '../devices/sas/host-aft';

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const flag = (c: Json): boolean => {
  if (typeof c.on !== 'boolean') throw new Error('"on" must be true or false');
  return c.on;
};

/** The simulated casino system on the SAS link (`devices.sas: "simulated"`), for its cashless account. */
export interface SimCasino {
  host: SasHost;
  address: number;
}

export function simControl(
  sim: SimulatedDevices<SimulatedAcceptor>,
  casino: SimCasino | null = null,
): (command: unknown) => Promise<unknown> {
  const notes = () => sim.acceptor.values.map((n) => ({ value: n.value, label: n.denomination.replace(/^\S+ /, '') }));
  const status = () => ({
    notes: notes(),
    lamps: sim.deck.lamps,
    vouchers: sim.printer.printed.length,
    cashbox: sim.acceptor.cashbox.length,
  });

  return async (command: unknown) => {
    if (!isObject(command) || typeof command.device !== 'string' || typeof command.action !== 'string') {
      throw new Error('a command is {"device": ..., "action": ...}');
    }
    const c = command;
    switch (`${c.device}.${c.action}`) {
      case 'host.status':
        return status();
      case 'host.lamps':
        return { lamps: sim.deck.lamps };
      case 'acceptor.insert': {
        const note = sim.acceptor.values.find((n) => n.value === c.value);
        if (!note) throw new Error(`the acceptor knows no note of ${String(c.value)}`);
        return { inserted: sim.acceptor.insertNote(note.value), note: note.denomination };
      }
      case 'acceptor.jam':
        sim.acceptor.jam();
        return { jammed: true };
      case 'acceptor.clearJam':
        sim.acceptor.clearJam();
        return { jammed: false };
      case 'acceptor.stackerOpen':
        sim.acceptor.setStackerOpen(flag(c));
        return { stackerOpen: c.on };
      case 'acceptor.stackerFull':
        sim.acceptor.setStackerFull(flag(c));
        return { stackerFull: c.on };
      case 'acceptor.powerCycle':
        await sim.acceptor.powerCycle();
        return { powerCycled: 'acceptor' };
      case 'printer.paperOut':
        sim.printer.setPaperOut(flag(c));
        return { paperOut: c.on };
      case 'printer.coverOpen':
        sim.printer.setCoverOpen(flag(c));
        return { coverOpen: c.on };
      case 'printer.powerCycle':
        await sim.printer.powerCycle();
        return { powerCycled: 'printer' };
      case 'printer.vouchers':
        return { vouchers: sim.printer.printed.map((t) => ({ validation: t.validation, text: t.text })) };
      case 'deck.press': {
        if (!BUTTONS.includes(c.button as Button)) throw new Error(`unknown button ${String(c.button)}`);
        sim.deck.tap(c.button as Button);
        return { pressed: c.button };
      }
      case 'deck.key': {
        if (c.name !== 'attendant' && c.name !== 'technician') throw new Error('the keys are attendant and technician');
        sim.deck.turnKey(c.name as KeySwitch, flag(c));
        return { key: c.name, on: c.on };
      }
      case 'deck.door': {
        if (!DOORS.includes(c.name as Door)) throw new Error(`the doors are ${DOORS.join(', ')}`);
        sim.deck.setDoor(c.name as Door, flag(c));
        return { door: c.name, open: c.on };
      }
      case 'casino.aftIn':
      case 'casino.aftOut':
        if (!casino) throw new Error('no simulated casino system: devices.sas is not "simulated"');
        return c.action === 'aftIn' ? accountToMachine(casino, c.cents) : machineToAccount(casino);
      default:
        throw new Error(`unknown command ${String(c.device)}.${String(c.action)}`);
    }
  };
}

let devTransfers = 0;

/** AFT from a player's account to the cabinet (issue 42): the status the cabinet answered. */
async function accountToMachine({ host, address }: SimCasino, cents: unknown): Promise<unknown> {
  if (!Number.isSafeInteger(cents) || (cents as number) <= 0) throw new Error('"cents" must be a whole number above 0');
  const status = await aftLock(host, address, 0xff);
  if (!status) throw new Error('the cabinet does not answer AFT');
  const reply = await aftTransfer(
    host,
    address,
    aftTransferRequest({
      transactionId: `DEV-${Date.now()}-${++devTransfers}`,
      assetNumber: status.assetNumber,
      cashableCents: cents as number,
    }),
  );
  return { transfer: reply };
}

/** AFT of every credit the cabinet may pay back to the player's account: locked, then moved. */
async function machineToAccount({ host, address }: SimCasino): Promise<unknown> {
  const lock = await aftLock(host, address, 0x00, AFT_CONDITION.fromMachine, 500);
  if (lock?.lockStatus !== 0x00)
    return { locked: false, reason: 'the cabinet cannot be locked now (a game, a handpay?)' };
  const reply = await aftTransfer(
    host,
    address,
    aftTransferRequest({
      transactionId: `DEV-${Date.now()}-${++devTransfers}`,
      assetNumber: lock.assetNumber,
      transferType: AFT_TRANSFER_TYPE.inHouseToHost,
      transferCode: 0x01,
      cashableCents: lock.balance.cashable,
      nonRestrictedCents: lock.balance.nonRestricted,
    }),
  );
  await aftLock(host, address, 0x80);
  return { transfer: reply };
}
