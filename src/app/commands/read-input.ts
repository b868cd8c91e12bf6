import { readFile } from 'node:fs/promises';
import { CliError } from './command';

/** Reads a file, or standard input for "-". */
export async function readInput(path: string): Promise<string> {
  try {
    if (path === '-') {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    }
    return await readFile(path, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${path === '-' ? 'standard input' : path}: ${(e as Error).message}`);
  }
}

export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError(`${what} is not valid JSON: ${(e as Error).message}`);
  }
}
