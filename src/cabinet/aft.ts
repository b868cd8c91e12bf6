// C-26: Advanced Funds Transfer (issue 42; docs/protocols/sas.md, "AFT"; docs/cabinet.md C-26).
// What the casino system may do to the balance over the link: register the machine, lock it
// between games, move money in (cashable, restricted, nonrestricted, bonus; a bonus jackpot is a
// handpay) and out (to the host). Each transfer is judged here by the standard's status codes,
// and an accepted one is credited or debited, metered, put in the history and logged in this one
// transition, so the commit that moves the money is the commit that records it (C-13): after any
// crash the host's interrogation finds exactly what the balance shows.

import { hostCashoutTimeout, lockForHandpay } from './cashout';
import {
  INITIAL_AFT,
  NO_AMOUNTS,
  totalOf,
  type AftAmounts,
  type AftCabinetState,
  type AftCommand,
  type AftTransferAsk,
  type AftTransferRecord,
  type PromoCredits,
} from './aft-state';
import { gameInProgress, type CabinetState } from './state';
import { refusal, type Outcome, type Transition } from './transition';
import { moneyWords } from './money';
import {
  AFT_CONDITION,
  AFT_FLAG,
  AFT_HISTORY_SIZE,
  AFT_REGISTRATION_CODE,
  AFT_REGISTRATION_STATUS,
  AFT_STATUS,
  AFT_TRANSFER_TYPE,
  REGISTRATION_KEY_BYTES,
} from './vocabulary/aft-codes';

const ZERO_KEY = '0'.repeat(REGISTRATION_KEY_BYTES * 2);
const hex2 = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();

export const aftOf = (s: CabinetState): AftCabinetState => s.sas?.aft ?? INITIAL_AFT;

/** The machine's asset number (73, 74, 72): its machine number when that is one, else 0. */
export function assetNumber(s: CabinetState): number {
  const m = s.settings.voucher.machine;
  const n = /^\d{1,10}$/.test(m) ? Number(m) : 0;
  return n <= 0xffffffff ? n : 0;
}

/** The balance by kind: the promotional parts are kept, cashable is the rest. */
export function balanceByKind(s: CabinetState): AftAmounts {
  const restricted = s.promo?.restricted ?? 0;
  const nonRestricted = s.promo?.nonRestricted ?? 0;
  return { cashable: s.balance - restricted - nonRestricted, restricted, nonRestricted };
}

/** The host's lock, while it lasts (a lock past its timeout is no lock: 74 unlocks at the timeout). */
export function aftLock(s: CabinetState, at: number) {
  const lock = aftOf(s).lock;
  return lock && at < lock.until ? lock : null;
}

/** Why no transfer can happen now (the standard's 87), or null. */
export function aftUnavailable(s: CabinetState): string | null {
  if (!s.sas) return 'there is no SAS link';
  if (gameInProgress(s)) return 'a game is in progress';
  if (s.handpay) return 'a handpay is waiting';
  if (s.tilts.length > 0) return `play is stopped: ${s.tilts.map((t) => t.reason).join('; ')}`;
  if (s.note || s.ticket || s.voucher || s.sas.pendingCashout) return 'money is on its way in or out';
  if (s.deviceTest || s.keys.technician) return 'the machine is in service mode';
  if (s.sas.disabledByHost) return 'play is disabled by the casino system';
  return null;
}

export interface AftVerdict {
  status: number;
  /** What moves (minor units): the whole request, or part of it (01), or nothing on a refusal. */
  moved: AftAmounts;
  reason: string;
}

const no = (status: number, reason: string): AftVerdict => ({ status, moved: NO_AMOUNTS, reason });
const KINDS = ['cashable', 'restricted', 'nonRestricted'] as const;

/** Each kind rounded down to whole credits of the accounting denomination, at most `room` in all, in KINDS' order. */
function fit(want: AftAmounts, room: number, denom: number): AftAmounts {
  const out = { ...NO_AMOUNTS };
  let left = Math.max(room, 0);
  for (const k of KINDS) {
    out[k] = Math.floor(Math.min(want[k], left) / denom) * denom;
    left -= out[k];
  }
  return out;
}

/**
 * The standard's answer to a 72 transfer on this state: a refusal status (80 and up) with why,
 * or 00 / 01 and what moves. Pure: the link reads it to answer, the cabinet to act.
 */
export function aftVerdict(s: CabinetState, ask: AftTransferAsk, at: number): AftVerdict {
  const sas = s.sas;
  if (!sas) return no(AFT_STATUS.unableNow, 'there is no SAS link');
  const aft = aftOf(s);
  const t = ask.transferType;
  if (ask.transactionIndex !== 0)
    return no(AFT_STATUS.notAValidFunction, 'only the current transaction may be started');
  if (t === AFT_TRANSFER_TYPE.inHouseToTicket || t === AFT_TRANSFER_TYPE.debitToTicket)
    return no(AFT_STATUS.ticketDeviceUnavailable, 'transfers to a ticket are not offered');
  if (t === AFT_TRANSFER_TYPE.debitToMachine) return no(AFT_STATUS.noPosId, 'debit transfers are not offered');
  const known: number[] = [
    AFT_TRANSFER_TYPE.inHouseToMachine,
    AFT_TRANSFER_TYPE.bonusCoinOutToMachine,
    AFT_TRANSFER_TYPE.bonusJackpotToMachine,
    AFT_TRANSFER_TYPE.inHouseToHost,
  ];
  if (!known.includes(t)) return no(AFT_STATUS.notAValidFunction, `transfer type ${hex2(t)} is not offered`);
  const asset = assetNumber(s);
  if (asset === 0 || ask.assetNumber !== asset)
    return no(AFT_STATUS.assetNumberMismatch, `asset number ${ask.assetNumber} is not this machine's (${asset})`);
  const reg = aft.registration;
  const registered = reg?.status === AFT_REGISTRATION_STATUS.registered;
  // Once registered, every transfer carries the key; before, one that carries a key is refused.
  if (ask.registrationKey !== ZERO_KEY && !registered)
    return no(AFT_STATUS.notRegistered, 'the machine is not registered');
  if (registered && ask.registrationKey !== reg.key)
    return no(AFT_STATUS.wrongRegistrationKey, 'the registration key does not match');
  if (
    ask.transactionId === aft.last?.transactionId ||
    (s.aftHistory ?? []).some((r) => r.transactionId === ask.transactionId)
  )
    return no(AFT_STATUS.transactionIdNotUnique, `transaction ID "${ask.transactionId}" was used before`);
  const lock = aftLock(s, at);
  if (ask.flags & AFT_FLAG.acceptOnlyIfLocked && !lock)
    return no(AFT_STATUS.notLocked, 'the host asked for a locked machine and it is not locked');
  const unavailable = aftUnavailable(s);
  if (unavailable) return no(AFT_STATUS.unableNow, unavailable);
  const want = ask.amounts;
  if (KINDS.some((k) => !Number.isSafeInteger(want[k]) || want[k] < 0) || totalOf(want) === 0)
    return no(AFT_STATUS.notAValidAmountOrExpiration, 'no amount to transfer');
  const denom = sas.settings.accountingDenomination;
  if (KINDS.some((k) => want[k] % denom !== 0))
    return no(AFT_STATUS.notAMultipleOfDenomination, `amounts must be whole credits of ${denom} minor units`);
  const partial = ask.transferCode === 0x01;
  const have = balanceByKind(s);

  if (t === AFT_TRANSFER_TYPE.inHouseToHost) {
    // C-15: credits a copy put back may have brought leave by the attendant's handpay only.
    if (s.unproven)
      return no(AFT_STATUS.unableNow, "the balance is not proven by the records' TPM counter: the attendant pays it");
    const request = aft.hostCashoutRequest;
    if (!request && !(lock && lock.conditions & AFT_CONDITION.fromMachine))
      return no(AFT_STATUS.notLocked, 'a transfer to the host needs a lock for it or a cash-out offered to the host');
    const moved = { ...NO_AMOUNTS };
    for (const k of KINDS) moved[k] = partial ? Math.floor(Math.min(want[k], have[k]) / denom) * denom : want[k];
    if (!partial && KINDS.some((k) => want[k] > have[k]))
      return no(AFT_STATUS.notAValidAmountOrExpiration, 'more than the machine holds of that kind');
    if (totalOf(moved) === 0) return no(AFT_STATUS.notAValidAmountOrExpiration, 'nothing of those kinds to transfer');
    return done(moved, want);
  }

  // To the machine.
  const bonus = t !== AFT_TRANSFER_TYPE.inHouseToMachine;
  if (bonus && want.restricted > 0)
    return no(AFT_STATUS.notAValidAmountOrExpiration, 'a bonus is cashable or nonrestricted, never restricted');
  if (want.restricted > 0 && have.restricted > 0 && s.promo && s.promo.restrictedPoolId !== ask.poolId)
    return no(
      AFT_STATUS.restrictedPoolMismatch,
      `restricted credits of pool ${s.promo.restrictedPoolId} are on the machine`,
    );
  if (want.restricted > 0 && !/^\d{8}$/.test(ask.expiration))
    return no(AFT_STATUS.notAValidAmountOrExpiration, 'the restricted credits carry no expiration');
  if (t === AFT_TRANSFER_TYPE.bonusJackpotToMachine) return done(want, want);
  const room = s.settings.limits.creditLimit - s.balance;
  if (totalOf(want) <= room) return done(want, want);
  if (!partial)
    return no(
      AFT_STATUS.overLimit,
      `the balance would pass the credit limit of ${moneyWords(s.settings.limits.creditLimit, s.settings)}`,
    );
  const moved = fit(want, room, denom);
  if (totalOf(moved) === 0) return no(AFT_STATUS.overLimit, 'the balance is at the credit limit');
  return done(moved, want);
}

function done(moved: AftAmounts, want: AftAmounts): AftVerdict {
  const whole = KINDS.every((k) => moved[k] === want[k]);
  return {
    status: whole ? AFT_STATUS.fullSuccess : AFT_STATUS.partialSuccess,
    moved,
    reason: whole ? 'full' : 'partial',
  };
}

/** The meters a transfer type counts in, by kind (a bonus jackpot is a handpay: its own meter). */
const TYPE_METERS: Record<number, Record<keyof AftAmounts, string | null>> = {
  [AFT_TRANSFER_TYPE.inHouseToMachine]: {
    cashable: 'aftCashableIn',
    restricted: 'aftRestrictedIn',
    nonRestricted: 'aftNonRestrictedIn',
  },
  [AFT_TRANSFER_TYPE.bonusCoinOutToMachine]: {
    cashable: 'aftBonusCashableIn',
    restricted: null,
    nonRestricted: 'aftBonusNonRestrictedIn',
  },
  [AFT_TRANSFER_TYPE.bonusJackpotToMachine]: {
    cashable: 'aftBonusJackpot',
    restricted: null,
    nonRestricted: 'aftBonusJackpot',
  },
  [AFT_TRANSFER_TYPE.inHouseToHost]: {
    cashable: 'aftCashableOut',
    restricted: 'aftRestrictedOut',
    nonRestricted: 'aftNonRestrictedOut',
  },
};

export function aftCommand(tx: Transition, command: AftCommand): Outcome {
  const sas = tx.state.sas;
  if (!sas) return refusal('C-26', 'there is no SAS link');
  const aft = aftOf(tx.state);
  const set = (patch: Partial<AftCabinetState>) =>
    tx.set({ sas: { ...tx.state.sas!, aft: { ...aftOf(tx.state), ...patch } } });
  switch (command.type) {
    case 'aftRegister':
      return register(tx, aft, set, command);
    case 'aftLock': {
      const why = aftUnavailable(tx.state);
      if (why) return refusal('C-26', `no lock for a transfer now: ${why}`);
      if (!(command.timeoutMs > 0)) return refusal('C-26', 'a lock needs a timeout');
      set({ lock: { since: tx.at, until: tx.at + command.timeoutMs, conditions: command.conditions } });
      tx.log('sas', { event: 'aftLock', conditions: command.conditions, timeoutMs: command.timeoutMs });
      return null;
    }
    case 'aftUnlock':
      if (!aft.lock) return null;
      set({ lock: null });
      tx.log('sas', { event: 'aftUnlock', why: command.why });
      return null;
    case 'aftTransfer':
      return transfer(tx, aft, set, command.ask);
    case 'aftAcknowledge': {
      const last = aft.last;
      if (!last || last.transactionId !== command.transactionId || last.acknowledged) return null;
      set({ last: { ...last, acknowledged: true } });
      return null;
    }
    case 'legacyBonus': {
      if (!Number.isSafeInteger(command.amount) || command.amount <= 0)
        return refusal('C-26', 'a legacy bonus of nothing');
      const bonuses = [
        ...(aft.legacyBonuses ?? []),
        { amount: command.amount, taxStatus: command.taxStatus, since: tx.at },
      ];
      set({ legacyBonuses: bonuses });
      tx.log('sas', {
        event: 'legacyBonus',
        amount: command.amount,
        taxStatus: command.taxStatus,
        waits: gameInProgress(tx.state),
      });
      return null;
    }
    case 'hostCashoutTimeout':
      return hostCashoutTimeout(tx);
  }
}

function register(
  tx: Transition,
  aft: AftCabinetState,
  set: (patch: Partial<AftCabinetState>) => void,
  c: Extract<AftCommand, { type: 'aftRegister' }>,
): Outcome {
  if (c.code === AFT_REGISTRATION_CODE.unregister) {
    if (!aft.registration) return null;
    set({ registration: null });
    tx.log('sas', { event: 'aftRegistration', status: 'unregistered' });
    return null;
  }
  const asset = assetNumber(tx.state);
  if (asset === 0 || c.assetNumber !== asset)
    return refusal('C-26', `registration for asset ${c.assetNumber}: this machine is ${asset}`);
  const status =
    c.code === AFT_REGISTRATION_CODE.initialize
      ? AFT_REGISTRATION_STATUS.ready
      : c.code === AFT_REGISTRATION_CODE.register
        ? AFT_REGISTRATION_STATUS.registered
        : AFT_REGISTRATION_STATUS.pending;
  const posId = c.posId === 0xffffffff ? (aft.registration?.posId ?? 0) : c.posId;
  const key = c.code === AFT_REGISTRATION_CODE.initialize ? ZERO_KEY : c.key;
  const next = { status, assetNumber: asset, key, posId };
  if (JSON.stringify(next) === JSON.stringify(aft.registration)) return null;
  set({ registration: next });
  tx.log('sas', {
    event: 'aftRegistration',
    status:
      status === AFT_REGISTRATION_STATUS.registered
        ? 'registered'
        : status === AFT_REGISTRATION_STATUS.ready
          ? 'ready'
          : 'pending',
    posId,
  });
  return null;
}

function transfer(
  tx: Transition,
  aft: AftCabinetState,
  set: (patch: Partial<AftCabinetState>) => void,
  ask: AftTransferAsk,
): Outcome {
  const s = tx.state;
  const verdict = aftVerdict(s, ask, tx.at);
  if (verdict.status >= AFT_STATUS.cancelledByHost)
    return refusal(
      'C-26',
      `AFT transfer "${ask.transactionId}" refused, status ${hex2(verdict.status)}: ${verdict.reason}`,
    );
  const m = verdict.moved;
  const t = ask.transferType;
  const meters = TYPE_METERS[t]!;
  const deltas: Record<string, number> = {};
  for (const k of KINDS) {
    const name = meters[k];
    if (!name || m[k] === 0) continue;
    deltas[name] = (deltas[name] ?? 0) + m[k];
    deltas[`${name}Count`] = 1;
  }
  tx.count(deltas);
  const promo: PromoCredits = s.promo ?? {
    restricted: 0,
    nonRestricted: 0,
    restrictedExpiration: '00000000',
    restrictedPoolId: 0,
  };
  if (t === AFT_TRANSFER_TYPE.inHouseToHost) {
    tx.set({
      balance: s.balance - totalOf(m),
      promo: {
        ...promo,
        restricted: promo.restricted - m.restricted,
        nonRestricted: promo.nonRestricted - m.nonRestricted,
      },
    });
  } else if (t === AFT_TRANSFER_TYPE.bonusJackpotToMachine) {
    lockForHandpay(tx, {
      kind: 'jackpot',
      amount: totalOf(m),
      reason: `bonus jackpot of ${moneyWords(totalOf(m), s.settings)} from the casino system (AFT ${ask.transactionId})`,
      cause: { type: 'casinoSystem' },
      gameId: null,
      game: null,
    });
  } else {
    tx.set({
      balance: s.balance + totalOf(m),
      promo: {
        restricted: promo.restricted + m.restricted,
        nonRestricted: promo.nonRestricted + m.nonRestricted,
        restrictedExpiration: m.restricted > 0 ? ask.expiration : promo.restrictedExpiration,
        restrictedPoolId: m.restricted > 0 ? ask.poolId : promo.restrictedPoolId,
      },
    });
  }
  const lifetime = tx.state.meters.lifetime;
  const cumulative = { ...NO_AMOUNTS };
  for (const k of KINDS) cumulative[k] = meters[k] ? (lifetime[meters[k]] ?? 0) : 0;
  const record: AftTransferRecord = {
    position: aft.nextPosition,
    transactionId: ask.transactionId,
    transferCode: ask.transferCode,
    transferType: t,
    status: verdict.status,
    requested: ask.amounts,
    moved: m,
    flags: ask.flags,
    expiration: ask.expiration,
    poolId: ask.poolId,
    at: tx.at,
    cumulative,
  };
  const history = [...(s.aftHistory ?? []).filter((r) => r.position !== record.position), record];
  tx.set({ aftHistory: history });
  let hostCashout = aft.hostCashout;
  if (ask.flags & AFT_FLAG.hostCashoutEnableControl)
    hostCashout = {
      enabled: (ask.flags & AFT_FLAG.hostCashoutEnable) !== 0,
      hard: (ask.flags & AFT_FLAG.hostCashoutModeHard) !== 0,
    };
  const lockAfter = ask.flags & AFT_FLAG.lockAfterTransfer && ask.lockTimeoutMs > 0;
  set({
    last: record,
    nextPosition: (aft.nextPosition % AFT_HISTORY_SIZE) + 1,
    hostCashout,
    lock: lockAfter ? { since: tx.at, until: tx.at + ask.lockTimeoutMs, conditions: aft.lock?.conditions ?? 0 } : null,
    ...(t === AFT_TRANSFER_TYPE.inHouseToHost ? { hostCashoutRequest: null } : {}),
  });
  tx.log('sas', {
    event: 'aftTransfer',
    transactionId: ask.transactionId,
    transferType: t,
    status: verdict.status,
    cashable: m.cashable,
    restricted: m.restricted,
    nonRestricted: m.nonRestricted,
    balance: tx.state.balance,
  });
  return null;
}

/** The transfer 72 reports at `index`: 00 the last, 01–7F a history position, 81–FF the latest back. */
export function aftRecordAt(s: CabinetState, index: number): AftTransferRecord | null {
  const aft = aftOf(s);
  if (index === 0) return aft.last;
  const history = s.aftHistory ?? [];
  if (index < 0x80) return history.find((r) => r.position === index) ?? null;
  // Relative: 81 the most recent, 82 the one before, … (the history is kept in the order made).
  return history[history.length - (index - 0x80)] ?? null;
}
