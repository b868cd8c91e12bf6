// The cabinet without a screen: simulated devices with their own durable ledger, a seeded bot
// at the buttons. Prints one JSON line when recovery is done ("ready") and one at the end, so a
// harness (the crash test) can check what a restart resumed.

import { formatCards, SeededRandom } from '../core';
import { gameInProgress, type CabinetState } from '../cabinet';
import { startBotCabinet, loadConfig, openStore } from './cabinet-app';
import { PlayerBot, type BotSummary } from './sim/player-bot';
import { SimulatedDevices } from './sim/simulated-devices';

export interface HeadlessOptions {
  dbPath: string;
  ledgerPath: string;
  seed: string;
  games: number;
  configFile?: string;
  printFailRate?: number;
  moneyPerMille?: number;
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
  const store = openStore(options.dbPath);
  const random = new SeededRandom(`bot:${options.seed}:${store.load()?.version ?? 0}`);
  const sim = new SimulatedDevices({ ledgerPath: options.ledgerPath, printFailRate: options.printFailRate ?? 0, random });
  let app;
  try {
    app = await startBotCabinet(config, store, sim, `${options.seed}:${store.load()?.version ?? 0}`);
  } catch (e) {
    store.close();
    await sim.close();
    throw e;
  }
  const s = app.runner.state;
  write(JSON.stringify({ type: 'ready', version: s.version, balance: s.balance, game: gameView(s), note: s.note, voucher: s.voucher?.validation ?? null }));
  sim.connect();
  await sim.settled();
  const bot = new PlayerBot(app.runner, sim, { games: options.games, random, moneyPerMille: options.moneyPerMille });
  try {
    const summary = await bot.run();
    const end = app.runner.state;
    write(JSON.stringify({ type: 'done', version: end.version, balance: end.balance, ...summary }));
    return summary;
  } finally {
    await app.close();
  }
}
