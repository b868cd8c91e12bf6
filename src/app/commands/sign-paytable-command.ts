// `sign-paytable FILE... --key KEYFILE`: signs pay-table files with an Ed25519 private key (PEM),
// in place (paytable-signature.ts): the lab's tool for a table whose returns it has approved, run
// where the private key is kept, never on a cabinet (docs/deploy.md, "Signed pay tables"). Each
// file is read and checked as the cabinet reads it before it is signed; `--check` only says
// whether each verifies under the cabinet's built-in keys and changes nothing.

import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { builtInTableKeys } from '../service/paytable-keys';
import { signTable, verifyTable } from '../service/paytable-signature';
import { loadPayTables, PayTableError } from '../service/installed-pay-tables';
import { CliError, type Command } from './command';
import { parseArgs } from './cli-args';

const USAGE = 'sign-paytable FILE... --key KEYFILE | sign-paytable FILE... --check';

function readObject(file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new CliError(`${file}: ${e instanceof SyntaxError ? `not JSON (${e.message})` : (e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CliError(`${file}: must be an object`);
  return value as Record<string, unknown>;
}

/** The signed file checked as the cabinet reads one, alone in a folder, before it replaces the original. */
function checkedAsInstalled(file: string, signed: Record<string, unknown>): void {
  const dir = mkdtempSync(join(tmpdir(), 'sign-paytable-'));
  try {
    writeFileSync(join(dir, basename(file)), JSON.stringify(signed));
    loadPayTables(dir, []);
  } catch (e) {
    if (e instanceof PayTableError) throw new CliError(e.message.replace(join(dir, basename(file)), file));
    throw e;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const signPaytableCommand: Command = {
  summary: 'sign-paytable FILE... --key KEYFILE: sign pay-table files (Ed25519) in place; --check verifies them',
  async run(args) {
    const parsed = parseArgs(args, ['key'], ['check'], USAGE);
    const files = parsed.positional;
    const keyFile = parsed.values.get('key');
    const checkOnly = parsed.flags.has('check');
    if (files.length === 0 || (keyFile === undefined) === !checkOnly) throw new CliError(`usage: ${USAGE}`);
    if (checkOnly) {
      let bad = 0;
      for (const file of files) {
        const v = verifyTable(readObject(file), builtInTableKeys());
        if (v.state !== 'signed') bad++;
        process.stdout.write(
          `${file}: ${v.state === 'signed' ? `signed by ${v.key}` : v.state === 'unsigned' ? 'not signed' : v.problem}\n`,
        );
      }
      return bad === 0 ? 0 : 1;
    }
    let pem: string;
    try {
      pem = readFileSync(keyFile!, 'utf8');
    } catch (e) {
      throw new CliError(`the key ${keyFile}: ${(e as Error).message}`);
    }
    for (const file of files) {
      let signed: Record<string, unknown>;
      try {
        signed = signTable(readObject(file), pem);
      } catch (e) {
        if (e instanceof CliError) throw e;
        throw new CliError(`the key ${keyFile}: ${(e as Error).message}`);
      }
      checkedAsInstalled(file, signed);
      writeFileSync(file, `${JSON.stringify(signed, null, 2)}\n`);
      process.stdout.write(`${file}: signed by ${(signed.signature as { key: string }).key}\n`);
    }
    return 0;
  },
};
