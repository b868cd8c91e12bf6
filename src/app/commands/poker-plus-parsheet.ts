import { CliError } from './command';

export async function pokerPlusParSheetCommand(_args: string[]): Promise<number> {
  throw new CliError('parsheet poker-plus: not built yet');
}
