// What every game's replay reader shares (docs/replay.md): the error that names the problem and
// the action, the deck, whole numbers, the actions list, and a step that must not be refused.

import { parseCard, CardParseError, type Card } from './cards';
import type { Step } from './step';

export class ReplayError extends Error {
  constructor(
    message: string,
    readonly actionIndex?: number,
  ) {
    super(actionIndex === undefined ? message : `action ${actionIndex}: ${message}`);
    this.name = 'ReplayError';
  }
}

export type Json = Record<string, unknown>;

export const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

export function allowOnly(obj: Json, keys: readonly string[], where: string, index?: number): void {
  for (const k of Object.keys(obj)) {
    if (!keys.includes(k)) throw new ReplayError(`${where}: unknown field "${k}"`, index);
  }
}

export function readDeck(input: unknown): Card[] {
  if (!Array.isArray(input)) throw new ReplayError('"deck" must be an array of card codes');
  return input.map((code, i) => {
    if (typeof code !== 'string') throw new ReplayError(`deck[${i}] is not a card code`);
    try {
      return parseCard(code);
    } catch (e) {
      if (e instanceof CardParseError) throw new ReplayError(`deck[${i}]: ${e.message}`);
      throw e;
    }
  });
}

export function readWhole(obj: Json, key: string, fallback?: number): number {
  const v = obj[key];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new ReplayError(`"${key}" must be a whole number`);
  return v;
}

export function expectStep<S, E>(step: Step<S, E>, index?: number): S {
  if (!step.ok) throw new ReplayError(`${step.refusal.rule}: ${step.refusal.reason}`, index);
  return step.state;
}

export function readActions(file: Json): Json[] {
  const actions = file.actions;
  if (!Array.isArray(actions)) throw new ReplayError('"actions" must be an array');
  actions.forEach((a, i) => {
    if (!isObject(a) || typeof a.type !== 'string') throw new ReplayError('an action is an object with a "type"', i);
  });
  return actions as Json[];
}
