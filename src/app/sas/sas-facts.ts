// What one committed transition means to the casino system: the SAS exceptions it raises and
// the vouchers it adds to the 4D records. Read off the transition itself (the state before and
// after, the rows it logged), so the cabinet knows nothing of SAS codes and every exception is
// raised in the very commit of its event (docs/protocols/sas.md, "Exceptions").

import {
  isDeviceFault,
  METER_TILT,
  type CabinetEffect,
  type CabinetInput,
  type CabinetState,
  type DeviceFault,
  type Door,
  type LogEntry,
} from '../../cabinet';
import { countryCode } from '../../devices/sas/country-codes';
import { billAcceptedData, gameEndedData, gameStartedData } from '../../devices/sas/event-data';
import { billAcceptedException, EXCEPTION } from '../../devices/sas/exception-codes';
import { sasBillIndex } from '../../cabinet';

/** An exception raised, with what real-time event reporting sends with it. */
export interface RaisedException {
  code: number;
  data?: number[];
}

export interface SasFacts {
  /** The exceptions, in the order raised. */
  exceptions: RaisedException[];
  /** Vouchers printed: the state's voucher as it was before the transition, with when. */
  printed: { sequence: number; validation: string; amount: number; at: number; expiresAt: string }[];
}

const DOORS: Record<Door, [open: number, closed: number]> = {
  main: [EXCEPTION.slotDoorOpened, EXCEPTION.slotDoorClosed],
  logic: [EXCEPTION.cardCageOpened, EXCEPTION.cardCageClosed],
  cashbox: [EXCEPTION.cashboxDoorOpened, EXCEPTION.cashboxDoorClosed],
};

/** What each acceptor fault tells the casino system: cashbox full, bill jam, or nothing it has a code for. */
const ACCEPTOR_FAULTS: Record<DeviceFault<'acceptor'>, number | null> = {
  stackerFull: EXCEPTION.cashboxFull,
  jamInAcceptor: EXCEPTION.billJam,
  jamInStacker: EXCEPTION.billJam,
  jam: EXCEPTION.billJam,
  stackerOpen: null,
  pause: null,
  cheated: null,
  failure: null,
  communicationError: null,
  calibration: null,
  stalled: null,
  transportOpen: null,
  outOfService: null,
  currency: null,
  noteReporting: null,
  initializeTimeout: null,
};

/** A printer fault is paper out or, like the printer going silent, a printer communication error. */
const PRINTER_FAULTS: Record<DeviceFault<'printer'>, number> = {
  paperOut: EXCEPTION.printerPaperOut,
  coverOpen: EXCEPTION.printerCommunicationError,
  paperJam: EXCEPTION.printerCommunicationError,
  headUp: EXCEPTION.printerCommunicationError,
  cutterError: EXCEPTION.printerCommunicationError,
  printerError: EXCEPTION.printerCommunicationError,
  autoRecoverableError: EXCEPTION.printerCommunicationError,
};
const PRINTER_ERROR = EXCEPTION.printerCommunicationError;

/** Minor units in credits of the accounting denomination, as the event data carries them. */
const credits = (s: CabinetState, minor: number): number =>
  Math.floor(minor / (s.sas?.settings.accountingDenomination ?? 1));

function fromLog(e: LogEntry, prev: CabinetState, next: CabinetState, facts: SasFacts): void {
  const raise = (code: number, data?: number[]) => facts.exceptions.push(data ? { code, data } : { code });
  switch (e.kind) {
    case 'door':
      raise(DOORS[e.data.door][e.data.open ? 0 : 1]);
      return;
    case 'tilt':
      if (e.data.event === 'on' && e.data.code === METER_TILT) raise(EXCEPTION.generalTilt);
      return;
    // The technician PIN locked after a run of wrong ones (C-21): someone may be guessing it. The
    // standard has no exception of its own for it; general tilt is its word for the rest.
    case 'access':
      if (e.data.event === 'wrong PIN' && e.data.locked) raise(EXCEPTION.generalTilt);
      return;
    case 'fault': {
      const d = e.data;
      const fault: string = d.event === 'fault' ? d.code : '';
      if (d.device === 'acceptor' && d.event === 'fault') {
        const code = isDeviceFault('acceptor', fault) ? ACCEPTOR_FAULTS[fault] : null;
        if (code !== null) raise(code);
      } else if (d.device === 'printer' && d.event === 'fault') {
        raise(isDeviceFault('printer', fault) ? PRINTER_FAULTS[fault] : PRINTER_ERROR);
      } else if (d.device === 'printer' && d.event === 'offline') {
        raise(PRINTER_ERROR);
      }
      return;
    }
    case 'note':
      if (e.data.event === 'stacked') {
        const value = e.data.value;
        const index = sasBillIndex(value, next.settings.minorDigits);
        raise(
          billAcceptedException(value, next.settings.minorDigits),
          billAcceptedData({
            countryCode: countryCode(next.settings.currency),
            denominationCode: index ?? 0,
            count: index === null ? 0 : (next.meters.lifetime[`bills.${value}`] ?? 0),
          }),
        );
      }
      return;
    case 'sas':
      switch (e.data.event) {
        case 'aftTransfer':
          raise(EXCEPTION.aftTransferComplete);
          return;
        case 'aftLock':
          raise(EXCEPTION.gameLocked);
          return;
        case 'aftRegistration':
          // My reading: 6D when the machine is registered (the host's 01, or an acknowledgement),
          // 6E whenever a registration ends.
          if (e.data.status === 'registered') raise(EXCEPTION.aftRegistrationAcknowledged);
          else if (e.data.status === 'unregistered') raise(EXCEPTION.aftRegistrationCancelled);
          return;
        case 'aftHostCashout':
          raise(e.data.win ? EXCEPTION.aftHostCashoutWinRequest : EXCEPTION.aftHostCashoutRequest);
          return;
        case 'legacyBonusPaid':
          raise(EXCEPTION.legacyBonusAwarded);
          return;
        default:
          return;
      }
    case 'voucher': {
      const d = e.data;
      if (d.event === 'printed' && prev.voucher && prev.voucher.validation === d.validation) {
        const v = prev.voucher;
        facts.printed.push({
          sequence: v.sequence,
          validation: v.validation,
          amount: v.amount,
          at: e.at,
          expiresAt: v.expiresAt,
        });
        raise(EXCEPTION.cashOutTicketPrinted);
      } else if (d.event === 'noValidationId') {
        raise(EXCEPTION.validationIdNotConfigured);
      } else if (d.event === 'awaitingValidation') {
        raise(EXCEPTION.systemValidationRequest);
      }
      return;
    }
  }
}

export function sasFacts(
  prev: CabinetState,
  next: CabinetState,
  effects: readonly CabinetEffect[],
  input: CabinetInput,
): SasFacts {
  const facts: SasFacts = { exceptions: [], printed: [] };
  const raise = (code: number, data?: number[]) => facts.exceptions.push(data ? { code, data } : { code });
  // Power is found lost only when it comes back: both are reported at power-up.
  if (input.kind === 'powerUp') {
    raise(EXCEPTION.powerLost);
    raise(EXCEPTION.powerApplied);
  }
  const pg = prev.game;
  const ng = next.game;
  if (ng && ng.id !== pg?.id)
    raise(
      EXCEPTION.gameStarted,
      gameStartedData(credits(next, ng.stakedChips * ng.chipValue), credits(next, next.meters.lifetime.coinIn ?? 0)),
    );
  for (const e of effects) if (e.type === 'log') fromLog(e.entry, prev, next, facts);
  if (ng?.outcome && (ng.id !== pg?.id || !pg.outcome))
    raise(EXCEPTION.gameEnded, gameEndedData(credits(next, ng.outcome.paid)));
  if (!prev.handpay && next.handpay) raise(EXCEPTION.handpayPending);
  if (prev.handpay && !next.handpay) raise(EXCEPTION.handpayReset);
  const sasSettings = (s: CabinetState) => JSON.stringify(s.sas?.settings ?? null);
  if (prev.settings !== next.settings || sasSettings(prev) !== sasSettings(next))
    raise(EXCEPTION.operatorChangedOptions);
  return facts;
}
