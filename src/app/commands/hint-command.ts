import { CardParseError, formatCards, parseCards, JACKS_OR_BETTER_ID } from '../../core';
import { checkDeal, createJacksAdvisor, HintInputError, type HoldAdvice } from '../../math/jacks-hint';
import { familyOf, VIDEO_POKER_FAMILIES } from '../../core/video-poker/families';
import { createFamilyAdvisor } from '../../math/video-poker/hint';
import { CliError, type Command } from './command';
import { parseArgs } from './cli-args';
import { readFamilyPayTable, readPayTable } from './paytable-file';

const USAGE = `hint "Ah Kh Qh Jh 2c" [--game ${VIDEO_POKER_FAMILIES.map((f) => f.game).join('|')}] [--paytable FILE] [--json]`;

export const hintCommand: Command = {
  summary: 'hint "5 CARDS" [--game GAME]: expected return of all 32 holds, best first (max bet)',
  async run(args) {
    const parsed = parseArgs(args, ['paytable', 'game'], ['json'], USAGE);
    const game = parsed.values.get('game') ?? JACKS_OR_BETTER_ID;
    const family = familyOf(game);
    if (!family) throw new CliError(`no video-poker game "${game}"; usage: ${USAGE}`);
    const [cards, ...extra] = parsed.positional;
    if (cards === undefined || extra.length > 0) throw new CliError(`usage: ${USAGE}`);
    let deal: number[];
    try {
      deal = parseCards(cards);
    } catch (e) {
      if (e instanceof CardParseError) throw new CliError(e.message);
      throw e;
    }
    let holds: Pick<HoldAdvice, 'held' | 'cards' | 'ev' | 'mask' | 'draws' | 'counts'>[];
    try {
      checkDeal(deal);
      const path = parsed.values.get('paytable');
      // Jacks or Better keeps its own advisor (the same holds; V-1 only orders equal returns further).
      holds =
        family.game === JACKS_OR_BETTER_ID
          ? createJacksAdvisor(await readPayTable(JACKS_OR_BETTER_ID, path))(deal)
          : createFamilyAdvisor(family, await readFamilyPayTable(family, path))(deal);
    } catch (e) {
      if (e instanceof HintInputError) throw new CliError(e.message);
      throw e;
    }
    const view = holds.map((h) => ({
      held: h.held,
      cards: formatCards(h.cards),
      ev: h.ev,
      mask: h.mask,
      draws: h.draws,
      counts: h.counts,
    }));
    if (parsed.flags.has('json')) {
      process.stdout.write(JSON.stringify({ game: family.game, dealt: formatCards(deal), holds: view }) + '\n');
      return 0;
    }
    const lines = [`dealt ${formatCards(deal).join(' ')}; expected return per chip at max bet, best first`, ''];
    for (const h of view) {
      lines.push(
        `${h.ev.toFixed(6).padStart(12)}  ${(h.held.length ? h.held.join(',') : '-').padEnd(10)} ${h.cards.join(' ') || '(draw five)'}`,
      );
    }
    process.stdout.write(lines.join('\n') + '\n');
    return 0;
  },
};
