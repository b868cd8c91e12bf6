// The running app as the screen port sees it (src/app/screen/screen-port.ts).

import type { CabinetApp } from './cabinet-app';
import type { RunningCabinet } from './screen/screen-port';
import { fullyRated, installedPayTables } from './service/installed-pay-tables';

export function runningCabinet(app: CabinetApp): RunningCabinet {
  // An app assembled by hand (tests) offers the package's own tables, as the runner does.
  const rated = app.ratedPayTables ?? (() => fullyRated(installedPayTables()));
  return {
    get state() {
      return app.runner.state;
    },
    onState: (listener) => app.runner.onState(listener),
    wishAgainst: (counter, wish) => app.runner.wishAgainst(counter, wish),
    log: (effects) => app.store.appendLog(effects),
    records: app.store.reader,
    get payTables() {
      return rated();
    },
  };
}
