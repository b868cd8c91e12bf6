// The development page's commands, carried out on the simulators. Each command is checked
// before it touches a simulator; an unknown or malformed one is refused with a reason.

import type { Button, Door, KeySwitch } from '../cabinet';
import { BUTTONS, DOORS } from '../cabinet';
import type { SimulatedAcceptor, SimulatedDevices } from '../devices';

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const flag = (c: Json): boolean => {
  if (typeof c.on !== 'boolean') throw new Error('"on" must be true or false');
  return c.on;
};

export function simControl(sim: SimulatedDevices<SimulatedAcceptor>): (command: unknown) => Promise<unknown> {
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
      default:
        throw new Error(`unknown command ${String(c.device)}.${String(c.action)}`);
    }
  };
}
