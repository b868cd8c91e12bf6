// Flag parsing shared by the commands: Node's util.parseArgs reads `--name value` and bare
// `--flag`; what it would let pass (an unknown option, one given twice, a value missing or
// another option taken for one) is refused here, so a typo never runs a long job with defaults.

import { parseArgs as parseNodeArgs } from 'node:util';
import { CliError } from './command';

export interface ParsedArgs {
  positional: string[];
  values: Map<string, string>;
  flags: Set<string>;
}

export function parseArgs(
  args: readonly string[],
  valued: readonly string[],
  bare: readonly string[],
  usage: string,
): ParsedArgs {
  const options = Object.fromEntries([
    ...valued.map((name) => [name, { type: 'string' as const }]),
    ...bare.map((name) => [name, { type: 'boolean' as const }]),
  ]);
  // Not strict: the refusals below keep their own words.
  const { tokens } = parseNodeArgs({ args: [...args], options, allowPositionals: true, strict: false, tokens: true });
  const out: ParsedArgs = { positional: [], values: new Map(), flags: new Set() };
  for (const token of tokens) {
    if (token.kind === 'positional') {
      out.positional.push(token.value);
      continue;
    }
    const arg = args[token.index];
    if (token.kind === 'option-terminator') throw new CliError(`unknown option ${arg}; usage: ${usage}`);
    const name = token.name;
    if (out.values.has(name) || out.flags.has(name)) throw new CliError(`${arg} given twice; usage: ${usage}`);
    if (bare.includes(name) && token.value === undefined) out.flags.add(name);
    else if (valued.includes(name)) {
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--')))
        throw new CliError(`${arg} needs a value; usage: ${usage}`);
      out.values.set(name, token.value);
    } else throw new CliError(`unknown option ${arg}; usage: ${usage}`);
  }
  return out;
}

/** A whole number within [min, max], or the CLI error naming the flag. */
export function wholeNumber(
  text: string | undefined,
  flag: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (text === undefined) return fallback;
  const value = Number(text.replace(/_/g, ''));
  if (!/^[0-9_]+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new CliError(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}
