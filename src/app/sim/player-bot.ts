// A seeded player (and attendant) for headless runs, the crash test and the soak: inserts
// notes, plays every enabled game (a video-poker hand mostly by its best hold, the family's
// hint, else with random holds; Poker Plus with random legal actions (holds, exchanges, the sixth card, buying
// the game, taking half), changes chip values, cashes out, opens the door now and then, and
// calls the attendant to a handpay. It acts only through the screen's wishes and the devices'
// hands, like a person would; the hands may be in another process, so it waits for what it did
// to show in the cabinet's state rather than assuming it.

import {
  canTakeHalf,
  exchangeLimit,
  isVideoPokerId,
  present,
  uniformBelow,
  videoPokerModule,
  type RandomSource,
  type VideoPokerId,
} from '../../core';
import {
  gameInProgress,
  isVideoPokerSession,
  tiltCause,
  type CabinetState,
  type Door,
  type VideoPokerSession,
} from '../../cabinet';
import { buildDrawTables, type FamilyDrawTables } from '../../math/video-poker/draw-tables';
import { createFamilyAdvisor, type FamilyAdvisor } from '../../math/video-poker/hint';
import type { CabinetRunner } from '../runner';
import type { Hands } from './hands';
import { oneOf } from './one-of';

/** The doors the cabinet has stopped for. */
const openDoors = (s: CabinetState): Door[] =>
  s.tilts.flatMap((t) => {
    const cause = tiltCause(t.code);
    return cause?.kind === 'door' ? [cause.door] : [];
  });

export interface BotOptions {
  games: number;
  random: RandomSource;
  /** Note values the bot feeds, minor units. */
  notes?: number[];
  /** Per mille of rounds between games that feed a note, and as many that cash out (default 15). */
  moneyPerMille?: number;
  /** Per mille of rounds between games that feed a ticket, where the devices take them (default 0). */
  ticketsPerMille?: number;
}

export interface BotSummary {
  games: number;
  notes: number;
  tickets: number;
  cashOuts: number;
  handpays: number;
  doorOpens: number;
  refusals: number;
}

export class PlayerBot {
  readonly summary: BotSummary = {
    games: 0,
    notes: 0,
    tickets: 0,
    cashOuts: 0,
    handpays: 0,
    doorOpens: 0,
    refusals: 0,
  };
  private readonly notes: number[];
  /** Each family's draw tables (a few hundred ms to build), and an advisor per table and bet. */
  private readonly drawTables = new Map<VideoPokerId, FamilyDrawTables>();
  private readonly advisors = new Map<string, FamilyAdvisor>();

  constructor(
    private readonly runner: CabinetRunner,
    private readonly sim: Hands,
    private readonly options: BotOptions,
  ) {
    this.notes = options.notes ?? [100, 500, 1000, 2000, 5000, 10000];
  }

  private pick(n: number): number {
    return uniformBelow(this.options.random, n);
  }

  private chance(percent: number): boolean {
    return this.pick(100) < percent;
  }

  /** What the bot's own steps made, ahead of the disk while a batch syncs (it pressed on). */
  private get s(): CabinetState {
    return this.runner.ahead;
  }

  private wish(wish: unknown): boolean {
    const r = this.runner.wish(wish);
    if (!r.ok) this.summary.refusals++;
    return r.ok;
  }

  private stopping = false;

  /** Ends run() at the next point a player could walk away: no game, note, voucher or handpay open. */
  stop(): void {
    this.stopping = true;
  }

  async run(): Promise<BotSummary> {
    const start = this.s.meters.lifetime.gamesPlayed ?? 0;
    let idleRounds = 0;
    for (;;) {
      this.summary.games = (this.s.meters.lifetime.gamesPlayed ?? 0) - start;
      const s = this.s;
      const busy = s.note !== null || s.voucher !== null || !!s.ticket;
      const enough = this.stopping || this.summary.games >= this.options.games;
      if (enough && !busy && !gameInProgress(s) && !s.handpay && s.tilts.length === 0) break;
      if (s.tilts.some((t) => t.technician))
        throw new Error(`the cabinet tilted: ${s.tilts.map((t) => t.reason).join('; ')}`);
      if (s.handpay) {
        await this.attendantPays();
      } else if (openDoors(s).length > 0) {
        for (const door of openDoors(s)) this.sim.door(door, false);
        await this.sim.settled();
      } else if (busy || s.tilts.length > 0) {
        await this.sim.settled();
        if (++idleRounds > 10_000) throw new Error('the bot waited too long for the devices');
        continue;
      } else if (gameInProgress(s)) {
        this.runner.batch(() => this.playRound());
      } else if (!enough) {
        await this.between();
      }
      idleRounds = 0;
    }
    return this.summary;
  }

  /** Waits, turn by turn, until the cabinet shows what the hands did. */
  private async until(shown: () => boolean, turns = 2000): Promise<void> {
    for (let i = 0; i < turns && !shown(); i++) await this.sim.settled();
  }

  private async attendantPays(): Promise<void> {
    this.summary.handpays++;
    this.sim.key('attendant', true);
    await this.until(() => this.s.keys.attendant);
    this.wish({ type: 'handpayConfirm' });
    this.sim.key('attendant', false);
    await this.until(() => !this.s.keys.attendant);
  }

  /** Outside a game: money in, money out, settings, a door, or the next deal. */
  private async between(): Promise<void> {
    const s = this.s;
    const money = this.options.moneyPerMille ?? 15;
    const tickets = this.options.ticketsPerMille ?? 0;
    if (tickets > 0 && this.sim.insertTicket && this.pick(1000) < tickets) {
      this.sim.insertTicket();
      this.summary.tickets++;
      await this.sim.settled();
      return;
    }
    const roll = this.pick(1000);
    if (s.balance < 10 * s.chipValue || roll < money) {
      if (this.sim.insertNote(oneOf(this.options.random, this.notes))) this.summary.notes++;
      await this.sim.settled();
      // Settings always keep one chip value at least (C-7).
      if (s.balance < present(s.settings.chipValues[0], 'a chip value')) return;
    }
    if (roll >= money && roll < 2 * money && this.s.balance > 0) {
      if (this.wish({ type: 'cashOut' })) this.summary.cashOuts++;
      await this.sim.settled();
      return;
    }
    if (roll >= 2 * money && roll < 2 * money + 5) {
      this.summary.doorOpens++;
      this.sim.door('main', true);
      await this.sim.settled();
      return;
    }
    const rest = 2 * money + 5;
    // The choices, the deal and the game's steps in one turn: one batch of commits (runner.ts).
    this.runner.batch(() => {
      if (roll >= rest && roll < rest + 100)
        this.wish({ type: 'selectGame', game: oneOf(this.options.random, this.s.settings.games) });
      if (roll >= rest + 100 && roll < rest + 150) {
        this.wish({ type: 'chipValue', value: oneOf(this.options.random, this.s.settings.chipValues) });
      }
      this.deal();
      this.playRound();
    });
    // Let the devices have their turn between games.
    await new Promise<void>((r) => setImmediate(r));
  }

  private deal(): void {
    const s = this.s;
    const chips = Math.floor(s.balance / s.chipValue);
    const limits = s.settings.limits;
    if (isVideoPokerId(s.selectedGame)) {
      const top = Math.min(limits.maxBet, chips);
      if (top < 1) return this.smallerChip();
      this.wish({ type: 'deal', bet: 1 + this.pick(top) });
      return;
    }
    const blind = this.chance(25);
    // The seen box needs ante + BET, the blind one ante + BET as well.
    const top = Math.min(limits.maxAnte, 10, Math.floor(chips / (blind ? 6 : 3)));
    if (top < limits.minAnte) return this.smallerChip();
    const ante = () => limits.minAnte + this.pick(top - limits.minAnte + 1);
    this.wish({ type: 'deal', boxes: blind ? [{ ante: ante(), blind: true }, { ante: ante() }] : [{ ante: ante() }] });
  }

  /** The hint's hold for the dealt hand, by the family and the table and bet it is played at. */
  private bestHold(session: VideoPokerSession): number[] {
    const { config, bet, dealt } = session.core;
    const key = JSON.stringify([session.game, config.payTable, bet, config.maxBet]);
    let advise = this.advisors.get(key);
    if (!advise) {
      const family = videoPokerModule(session.game).family;
      let tables = this.drawTables.get(session.game);
      if (!tables) this.drawTables.set(session.game, (tables = buildDrawTables(family)));
      advise = createFamilyAdvisor(family, config.payTable, { bet, maxBet: config.maxBet, tables });
      this.advisors.set(key, advise);
    }
    return present(advise(dealt)[0], 'the best of 32 holds').held;
  }

  private smallerChip(): void {
    const smallest = Math.min(...this.s.settings.chipValues);
    if (this.s.chipValue !== smallest) this.wish({ type: 'chipValue', value: smallest });
  }

  /** The game's steps while nothing else needs the bot (a device busy, a tilt, a handpay). */
  private playRound(): void {
    const free = (s: CabinetState) => s.note === null && s.voucher === null && !s.ticket && s.tilts.length === 0;
    for (let i = 0; i < 100 && gameInProgress(this.s) && !this.s.handpay && free(this.s); i++) this.playStep();
  }

  private playStep(): void {
    const game = this.s.game!;
    if (isVideoPokerSession(game)) {
      // Most hands as a careful player plays them: the best hold (V-1), then the draw.
      if (game.actions.length === 0 && this.chance(80)) {
        if (this.wish({ type: 'hold', positions: this.bestHold(game) })) this.wish({ type: 'draw' });
        return;
      }
      const roll = this.pick(10);
      if (roll < 3 && game.actions.length < 3)
        this.wish({ type: 'hold', positions: [0, 1, 2, 3, 4].filter(() => this.chance(50)) });
      else if (roll < 4 && game.actions.length < 3) this.wish({ type: 'toggleHold', position: this.pick(5) });
      else this.wish({ type: 'draw' });
      return;
    }
    const core = game.core;
    const box = present(core.boxes[core.seen], `Poker Plus seen box ${core.seen}`);
    if (core.phase === 'deciding') {
      const roll = this.pick(100);
      if (roll < 25 && box.draws.length < 2) {
        // P-3: a second action exchanges one card (under the rule the round was dealt with).
        const most = exchangeLimit(box.cards.length, box.draws.length, core.rulesVersion);
        const positions =
          most === 1
            ? [this.pick(box.cards.length)]
            : [...Array(box.cards.length).keys()].filter(() => this.chance(35));
        if (positions.length > 0 && this.wish({ type: 'exchange', positions })) return;
      } else if (roll < 35 && box.draws.length < 2 && box.cards.length < 6) {
        if (this.wish({ type: 'buySixth' })) return;
      } else if (roll < 45) {
        this.wish({ type: 'fold' });
        return;
      }
      if (!this.wish({ type: 'bet' })) this.wish({ type: 'fold' });
      return;
    }
    if (canTakeHalf(box) && this.chance(50)) {
      if (this.wish({ type: 'takeHalf' })) return;
    } else if (this.chance(15)) {
      if (this.wish({ type: 'buyGame' })) return;
    }
    this.wish({ type: 'reveal' });
  }
}
