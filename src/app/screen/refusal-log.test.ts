import { describe, expect, it } from 'vitest';
import { refusalLog, type RefusalRow } from './refusal-log';

describe("a connection's refusal log (C-22)", () => {
  it('writes the first refusal of each second, counts the rest by rule, and writes the count when the second is over or the connection closes', async () => {
    let t = 0;
    const rows: RefusalRow[] = [];
    const log = refusalLog({ carrier: 'websocket', write: (r) => rows.push(r), clock: () => t, windowMs: 50 });
    log.refuse({ rule: 'C-22', reason: 'not JSON' });
    for (let i = 0; i < 5; i++) log.refuse({ rule: i % 2 ? 'C-21' : 'C-22', reason: `junk ${i}` });
    expect(rows).toEqual([{ rule: 'C-22', reason: 'not JSON', carrier: 'websocket' }]);
    t = 60;
    await new Promise((r) => setTimeout(r, 80));
    expect(rows[1]).toMatchObject({
      rule: 'C-22',
      carrier: 'websocket',
      heldBack: 5,
      byRule: { 'C-22': 3, 'C-21': 2 },
    });
    expect(rows[1]?.reason).toContain('the last: C-22 junk 4');
    // Within the second after that row, everything is held, closed or not, until it is over.
    log.refuse({ rule: 'C-21', reason: 'the attendant key is needed' });
    log.close();
    expect(rows).toHaveLength(2);
    t = 120;
    await new Promise((r) => setTimeout(r, 80));
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ heldBack: 1, byRule: { 'C-21': 1 } });
  });

  it('never throws from its timer when the cabinet is gone', async () => {
    let t = 0;
    const log = refusalLog({
      carrier: 'websocket',
      write: () => {
        if (t > 0) throw new Error('The database connection is not open');
      },
      clock: () => t,
      windowMs: 10,
    });
    log.refuse({ rule: 'C-22', reason: 'a' });
    log.refuse({ rule: 'C-22', reason: 'b' });
    t = 5;
    await new Promise((r) => setTimeout(r, 40));
    expect(() => log.close()).not.toThrow();
  });
});
