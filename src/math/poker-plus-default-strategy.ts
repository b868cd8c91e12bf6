// The shipped default strategy (poker-plus-default-strategy.json, explained in
// docs/poker-plus-strategy.md), parsed once: a broken file fails loudly at load.

import data from './poker-plus-default-strategy.json';
import { parseStrategy, type PokerPlusStrategy } from './poker-plus-strategy';

export const DEFAULT_POKER_PLUS_STRATEGY: PokerPlusStrategy = (() => {
  const parsed = parseStrategy(data);
  if (!parsed.ok) throw new Error(`poker-plus-default-strategy.json: ${parsed.error}`);
  return parsed.strategy;
})();
