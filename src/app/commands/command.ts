export interface Command {
  summary: string;
  /** Returns the exit code; throws CliError for a refusal the user should read. */
  run(args: string[]): Promise<number>;
}

/** A failure the user caused (bad file, bad flag): one line on stderr, exit code 2. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message.replace(/\s*\n\s*/g, ' '));
    this.name = 'CliError';
  }
}
