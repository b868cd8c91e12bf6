// What every simulated bill acceptor does the same whatever its protocol (ID-003's and EBDS's
// simulators extend it): its end of the line through its command parser, the moves it makes
// heard under one set of names, the faults scripted on it, and a power cut with the power back
// after a while. What a command means, and what a power cut does to the document in hand, is each
// protocol's own.

import { EventEmitter } from 'node:events';
import { watchMoves, type SimulatedAcceptor, type SimulatedMove } from '../acceptor/simulated';
import type { DeviceEndpoint } from './device-endpoint';
import type { ParserStats } from './framed-parser';
import { SimulatorLine } from './simulator-line';

/** The parser of the frames a controller sends the acceptor. */
export interface CommandParser<C> {
  feed(bytes: Uint8Array): C[];
  reset(): C[];
  readonly stats: ParserStats;
}

export abstract class AcceptorSimulatorBase<Events extends Record<keyof Events, unknown[]>, Command, Fault>
  extends EventEmitter<Events>
  implements Pick<SimulatedAcceptor, 'detach' | 'watch' | 'powerCycle'>
{
  /** The faults scripted on the mechanism now. */
  protected readonly faults = new Set<Fault>();
  private readonly line: SimulatorLine<Command>;

  constructor(protected readonly parser: CommandParser<Command>) {
    super();
    this.line = new SimulatorLine(parser, (command) => this.handle(command));
  }

  /** One command from the controller, whole and checked. */
  protected abstract handle(command: Command): void;
  abstract powerOff(): void;
  abstract powerOn(): void;

  attach(endpoint: DeviceEndpoint): this {
    this.line.attach(endpoint);
    return this;
  }

  detach(): void {
    this.line.detach();
  }

  watch(listener: (move: SimulatedMove) => void): () => void {
    // Each simulator's events name its moves as MOVE_EVENTS does; a generic event map cannot say so.
    return watchMoves(this as unknown as Parameters<typeof watchMoves>[0], listener);
  }

  /** Frames from the controller that were dropped (bad check, garbage, unknown command). */
  get badFrames(): number {
    return this.parser.stats.badFrames;
  }

  setFault(fault: Fault, on: boolean): void {
    if (on) this.faults.add(fault);
    else this.faults.delete(fault);
  }

  /** Power off now and back on after `offMs`. */
  powerCycle(offMs = 200): Promise<void> {
    this.powerOff();
    return new Promise((resolve) =>
      setTimeout(() => {
        this.powerOn();
        resolve();
      }, offMs),
    );
  }

  /** A reply on the line (nowhere while detached). */
  protected send(bytes: Uint8Array): void {
    this.line.write(bytes);
  }
}
