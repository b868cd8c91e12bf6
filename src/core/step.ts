// What every rules machine returns: a new state with its effects, or a refusal naming the rule.
// Refusals are values so that nothing is ever thrown through the machine (docs/architecture.md).

export interface Refusal {
  /** The rule id of docs/rules.md (or cabinet.md) that forbids the action, e.g. "P-3". */
  rule: string;
  reason: string;
}

export type Step<S, E> = { ok: true; state: S; effects: E[] } | { ok: false; refusal: Refusal };

export const refuse = (rule: string, reason: string): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: { rule, reason },
});

export const isWholeNumber = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
