// The folder where `parsheet poker-plus --best` keeps each stage as it finishes, so that a run
// stopped (Ctrl-C, a reboot) resumes from there with `--resume DIR` and ends with the figures an
// uninterrupted run gives. `settings.json` holds what decides the figures (the table, the seed,
// the sizes); each stage's file holds its result with a SHA-256 of it and of those settings, so
// a file cut short, damaged, or left by a run of other settings is refused by name, never used.
// A file is written whole beside its place and renamed into it, so a stop mid-write leaves the
// stage unsaved, not half saved. The digests catch accidents, not a forger: whoever can edit the
// folder can run the analysis with other code as well, so a figure meant for a regulator comes
// from an uninterrupted run on the lab's own machine (docs/poker-plus-strategy.md).

import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { BEST_STAGES, type BestStage, type StageStore } from '../../math/poker-plus-best-stages';
import { CliError } from './command';

const FORMAT = 'poker-plus-best-stages';
/** Raised when what a stage computes changes, so that older folders are refused. */
const METHOD_VERSION = 1;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** JSON that keeps what JSON cannot hold (NaN, the infinities) as it was. */
const encode = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? { $number: String(v) } : v));
const decode = (text: string): unknown =>
  JSON.parse(text, (_, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && '$number' in v
      ? Number((v as { $number: string }).$number)
      : v,
  );

function writeWhole(path: string, text: string): void {
  const part = `${path}.part`;
  const fd = openSync(part, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(part, path);
}

export class StageFolder implements StageStore {
  private readonly stages = new Map<BestStage, unknown>();
  private readonly digest: string;

  /**
   * Opens `dir` for a run of these settings: a new or empty folder is made the run's; one that
   * holds a run of the same settings gives back its finished stages. Anything else is refused.
   */
  constructor(
    readonly dir: string,
    settings: unknown,
  ) {
    const text = encode({ format: FORMAT, version: METHOD_VERSION, settings });
    this.digest = sha256(text);
    if (existsSync(dir) && !statSync(dir).isDirectory()) throw new CliError(`--resume ${dir}: not a folder`);
    mkdirSync(dir, { recursive: true });
    const settingsFile = join(dir, 'settings.json');
    const files = readdirSync(dir).filter((f) => !f.endsWith('.part'));
    if (!existsSync(settingsFile)) {
      if (files.length > 0)
        throw new CliError(
          `--resume ${dir}: the folder holds files but no settings.json, so it is not a --best run's; give a new or empty folder`,
        );
      writeWhole(settingsFile, text + '\n');
      return;
    }
    const saved = readFileSync(settingsFile, 'utf8').trim();
    if (saved !== text) throw new CliError(`--resume ${dir}: ${differences(saved, settings)}`);
    for (const { key } of BEST_STAGES) {
      const file = join(dir, `${key}.json`);
      if (existsSync(file)) this.stages.set(key, this.read(file, key));
    }
  }

  /** The stages finished so far, in run order. */
  get finished(): BestStage[] {
    return BEST_STAGES.map((s) => s.key).filter((k) => this.stages.has(k));
  }

  load(stage: BestStage): unknown {
    return this.stages.get(stage);
  }

  save(stage: BestStage, value: unknown): void {
    const body = encode(value);
    writeWhole(
      join(this.dir, `${stage}.json`),
      JSON.stringify({ stage, settings: this.digest, sha256: sha256(body) }) + '\n' + body + '\n',
    );
    this.stages.set(stage, value);
  }

  private read(file: string, stage: BestStage): unknown {
    const damaged = (why: string): CliError =>
      new CliError(`--resume ${this.dir}: ${file} ${why}; remove it to run that stage again`);
    const text = readFileSync(file, 'utf8');
    const cut = text.indexOf('\n');
    let head: unknown;
    try {
      head = JSON.parse(text.slice(0, cut));
    } catch {
      throw damaged('is damaged (its first line is not its header)');
    }
    const h = head as { stage?: unknown; settings?: unknown; sha256?: unknown };
    if (cut < 0 || typeof head !== 'object' || head === null || h.stage !== stage)
      throw damaged(`is not the "${stage}" stage`);
    if (h.settings !== this.digest) throw damaged('was saved by a run of other settings');
    const body = text.slice(cut + 1).replace(/\n$/, '');
    if (sha256(body) !== h.sha256) throw damaged('is damaged (its digest does not match what it holds)');
    try {
      return decode(body);
    } catch {
      throw damaged('is damaged (it does not read as JSON)');
    }
  }
}

/** What differs between a folder's settings and this run's, in a line. */
function differences(savedText: string, settings: unknown): string {
  let saved: { format?: unknown; version?: unknown; settings?: unknown };
  try {
    saved = decode(savedText) as typeof saved;
  } catch {
    return 'its settings.json is damaged; give a new or empty folder';
  }
  if (saved.format !== FORMAT) return 'its settings.json is not a --best run’s; give a new or empty folder';
  if (saved.version !== METHOD_VERSION)
    return `it was saved by another version of the analysis (${String(saved.version)}, this is ${METHOD_VERSION}); give a new or empty folder`;
  const a = (saved.settings ?? {}) as Record<string, unknown>;
  const b = settings as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => encode(a[k]) !== encode(b[k]));
  return `it holds a run of other settings (${keys.map((k) => `${k}: ${short(a[k])} there, ${short(b[k])} here`).join('; ')}); run with those, or give another folder`;
}

const short = (x: unknown): string => {
  const text = encode(x) ?? 'none';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};
