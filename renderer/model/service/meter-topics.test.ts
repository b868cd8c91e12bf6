import { describe, expect, it } from 'vitest';
import { metersReport } from '../../../test/renderer/service-fixtures';
import { meterPages, meterTopics } from './meter-topics';

describe('the meters by topic', () => {
  it("puts the main meters first in a floor technician's order, the notes by value after them", () => {
    const [main] = meterTopics(metersReport());
    expect(main!.topic).toBe('main');
    expect(main!.rows.map((r) => r.name)).toEqual([
      'coinIn',
      'coinOut',
      'totalDrop',
      'jackpot',
      'handpaidCancelled',
      'gamesPlayed',
      'gamesWon',
      'currentCredits',
      'vouchersIn',
      'vouchersOut',
      'bills.100',
      'bills.500',
      'bills.1000',
      'bills.2000',
      'bills.5000',
      'bills.10000',
    ]);
  });

  it('shows every meter of the report exactly once, the rest by topic, each game under its own', () => {
    const report = metersReport();
    report.meters.push({ ...report.meters[0]!, name: 'someNewMeter', label: 'some new meter' });
    const topics = meterTopics(report);
    expect(topics.map((t) => t.topic)).toEqual([
      'main',
      'counts',
      'game:jacks-or-better',
      'game:poker-plus',
      'totals',
      'machine',
      'other',
    ]);
    const shown = topics.flatMap((t) => t.rows.map((r) => r.name));
    const all = [...report.meters.map((m) => m.name), ...Object.keys(report.derived)];
    expect(shown.sort()).toEqual([...new Set(all)].sort());
    expect(topics[3]!.rows.map((r) => r.name)).toEqual([
      'poker-plus/coinIn',
      'poker-plus/gamesPlayed',
      'pp.exchangeFees',
    ]);
    expect(topics.at(-1)!.rows.map((r) => r.name)).toEqual(['someNewMeter']);
  });

  it('cuts a long topic into parts of a page each, a short one stays whole', () => {
    const pages = meterPages(meterTopics(metersReport()), 14);
    expect(pages.slice(0, 3).map((p) => [p.topic, p.part, p.parts, p.rows.length])).toEqual([
      ['main', 1, 2, 14],
      ['main', 2, 2, 2],
      ['counts', 1, 1, 4],
    ]);
  });
});
