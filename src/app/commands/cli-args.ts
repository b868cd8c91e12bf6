// Flag parsing shared by the math commands: `--name value` and bare `--flag`, refused when
// unknown, repeated or missing its value, so a typo never runs a long job with defaults.

import { CliError } from './command';

export interface ParsedArgs {
  positional: string[];
  values: Map<string, string>;
  flags: Set<string>;
}

export function parseArgs(args: readonly string[], valued: readonly string[], bare: readonly string[], usage: string): ParsedArgs {
  const out: ParsedArgs = { positional: [], values: new Map(), flags: new Set() };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) {
      out.positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (out.values.has(name) || out.flags.has(name)) throw new CliError(`${arg} given twice; usage: ${usage}`);
    if (bare.includes(name)) out.flags.add(name);
    else if (valued.includes(name)) {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new CliError(`${arg} needs a value; usage: ${usage}`);
      out.values.set(name, value);
      i++;
    } else throw new CliError(`unknown option ${arg}; usage: ${usage}`);
  }
  return out;
}

/** A whole number within [min, max], or the CLI error naming the flag. */
export function wholeNumber(text: string | undefined, flag: string, min: number, max: number, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text.replace(/_/g, ''));
  if (!/^[0-9_]+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new CliError(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}
