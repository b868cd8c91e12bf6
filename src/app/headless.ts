// The cabinet without a screen, a seeded bot at the buttons. Either every device is simulated in
// this process (with its own durable ledger, and seeded dealing), or the configuration names a
// port for every device and the cabinet runs its real drivers on them, dealing from node:crypto,
// exactly as `npm start` does; the bot's hands on those devices are then lines on stdout for the
// process that holds them (the crash test's serial simulators). Prints one JSON line when
// recovery is done ("ready") and one at the end, so a harness can check what a restart resumed.

import { dirname, basename } from 'node:path';
import { formatCards, SeededRandom } from '../core';
import { gameInProgress, type CabinetState } from '../cabinet';
import { loadConfig, startCabinet } from './cabinet-app';
import { simulatedDevices } from './config';
import { remoteHands, type Hands } from './sim/hands';
import { PlayerBot, type BotSummary } from './sim/player-bot';

export interface HeadlessOptions {
  dbPath: string;
  ledgerPath: string;
  seed: string;
  games: number;
  configFile?: string;
  printFailRate?: number;
  moneyPerMille?: number;
  ticketsPerMille?: number;
  /** After the bot's games the cabinet stays up, its devices and SAS link answering, until this
   *  settles: a casino system or `sas-poll` can then read a session that has ended. */
  stayUntil?: Promise<unknown>;
  /** The bot stops at its next point a player could walk away, and the cabinet closes in order (SIGTERM). */
  stopOn?: Promise<unknown>;
  write?: (line: string) => void;
}

/** What a harness needs to see that a game resumed with the same cards. */
export function gameView(state: CabinetState): { id: number; game: string; deck: string[]; actions: number } | null {
  const g = state.game;
  if (!g || !gameInProgress(state)) return null;
  return { id: g.id, game: g.game, deck: formatCards(g.core.deck), actions: g.actions.length };
}

export async function runHeadless(options: HeadlessOptions): Promise<BotSummary> {
  const write = options.write ?? ((line: string) => process.stdout.write(line + '\n'));
  const config = loadConfig(options.configFile);
  const simulated = simulatedDevices(config.devices).length;
  if (simulated !== 0 && simulated !== 3)
    throw new Error('run --headless: either every device is simulated or every one has its port');
  // The bot's database, whichever devices it plays on: its credits are not real money.
  const cabinet = await startCabinet({
    config,
    dataDir: dirname(options.dbPath),
    database: basename(options.dbPath),
    purpose: 'simulated',
    // No screen here: the returns of tables not in play would be worked out for nobody.
    ratePayTables: 'when asked',
    ...(simulated === 3
      ? {
          devices: { kind: 'ledger', ledgerPath: options.ledgerPath, printFailRate: options.printFailRate ?? 0 },
          dealing: { kind: 'seeded', seed: options.seed, for: 'bot' },
        }
      : { devices: { kind: 'configured' }, dealing: { kind: 'crypto' } }),
  });
  const random = new SeededRandom(`bot:${options.seed}:${cabinet.resumedVersion}`);
  const ledger = cabinet.devices.ledger;
  const hands: Hands = ledger ?? remoteHands(write);
  try {
    const s = cabinet.runner.state;
    write(
      JSON.stringify({
        type: 'ready',
        version: s.version,
        balance: s.balance,
        game: gameView(s),
        note: s.note,
        voucher: s.voucher?.validation ?? null,
      }),
    );
    if (ledger) {
      ledger.connect();
      await ledger.settled();
    }
    const bot = new PlayerBot(cabinet.runner, hands, {
      games: options.games,
      random,
      moneyPerMille: options.moneyPerMille,
      ticketsPerMille: options.ticketsPerMille,
    });
    void options.stopOn?.then(() => bot.stop());
    const summary = await bot.run();
    const end = cabinet.runner.state;
    write(JSON.stringify({ type: 'done', version: end.version, balance: end.balance, ...summary }));
    if (options.stayUntil) await options.stayUntil;
    return summary;
  } finally {
    await cabinet.close();
  }
}
