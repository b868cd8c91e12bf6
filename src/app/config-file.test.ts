import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from './config-file';
import { parseConfig } from './config';
import { bestPlayRecord } from './testing/recorded-returns';

const root = new URL('../../', import.meta.url);
const committed = readFileSync(new URL('cabinet.schema.json', root), 'utf8');
const deploy = readFileSync(new URL('docs/deploy.md', root), 'utf8');
const sample = JSON.parse(
  // The group is not optional: a match always has it.
  /```json\n([\s\S]*?)```/.exec(deploy.slice(deploy.indexOf('## Configuration')))![1]!,
) as Record<string, unknown>;

describe("cabinet.schema.json, the config file as a technician's editor checks it", () => {
  const validate = new Ajv2020({ allErrors: true }).compile(JSON.parse(committed) as object);

  it('is what config-schema prints from the declaration, as committed', () => {
    expect(committed).toBe(`${JSON.stringify(configJsonSchema(), null, 2)}\n`);
  });

  it("accepts docs/deploy.md's sample, which the cabinet accepts too", () => {
    expect(validate(sample), JSON.stringify(validate.errors)).toBe(true);
    expect(() => parseConfig(sample)).not.toThrow();
    expect(
      validate({
        $schema: './cabinet.schema.json',
        payTables: {
          'poker-plus': { table: { pair: 1 }, ...bestPlayRecord() },
        },
      }),
    ).toBe(true);
  });

  it('refuses a broken one where the cabinet does: a bound, a typo, a port, a pay table', () => {
    const broken: Record<string, unknown>[] = [
      { ...sample, limits: { maxBet: 11 } },
      { ...sample, limits: { tableMax: 0 } },
      { ...sample, limts: {} },
      { ...sample, currency: 'usd' },
      { ...sample, access: { maxPinFailures: 11 } },
      { ...sample, devices: { acceptor: 'COM3', printer: 'simulated', deck: 'simulated' } },
      { ...sample, devices: { acceptor: 'simulated', printer: 'simulated' } },
      { ...sample, payTables: { 'jacks-or-better': { 'royal-flush': -1 } } },
      { ...sample, payTables: { 'poker-plus': { 'jacks-or-better': 1 } } },
      { ...sample, presentation: { volume: 101 } },
    ];
    for (const config of broken) {
      expect(validate(config), JSON.stringify(config)).toBe(false);
      expect(() => parseConfig(config), JSON.stringify(config)).toThrow(/^config: /);
    }
  });
});
