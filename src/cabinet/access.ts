// C-21: the attendant key opens attendant functions; technician functions need the technician
// key and the PIN (a salted hash, hashed by the injected function), with a lockout after
// repeated wrong PINs. Every access is logged. C-8's meter clears and the C-15 technician clear
// live here too, since only a technician may do them.

import { needKey, technicianProblem } from './keys';
import { lockoutMs } from './pin-lockout';
import { EMPTY_METERS, checkBalance } from './meters';
import { clearRefusedRecords, recordsRefused } from './records';
import { describeProblems, settingsProblems } from './settings-check';
import { gameInProgress } from './state';
import { refusal, type Outcome, type Transition } from './transition';
import { ANCHOR_TILT, METER_TILT, RECORDS_TILT, SETTINGS_TILT } from './vocabulary/tilts';

export function technicianPin(tx: Transition, pin: string): Outcome {
  const s = tx.state;
  const a = s.access;
  const key = needKey(s, 'technician');
  if (key) return key;
  if (tx.at < a.lockedUntil) {
    return refusal(
      'C-21',
      `PIN entry is locked for ${Math.ceil((a.lockedUntil - tx.at) / 1000)} s after repeated wrong PINs`,
    );
  }
  if (a.pinHash && tx.env.verifyPin(pin, a.pinHash)) {
    tx.set({ access: { ...a, technicianSession: true, pinFailures: 0, lockouts: 0 } });
    tx.log('access', { event: 'technician login', ...(a.pinChangeRequired ? { pinChangeRequired: true } : {}) });
    return null;
  }
  const failures = a.pinFailures + 1;
  const lock = failures >= s.settings.access.maxPinFailures;
  if (!lock) {
    tx.set({ access: { ...a, pinFailures: failures } });
    tx.log('access', { event: 'wrong PIN', failures, locked: false });
    return null;
  }
  // Each run of wrong PINs since the last right one locks longer (pin-lockout.ts).
  const lockouts = (a.lockouts ?? 0) + 1;
  const until = tx.at + lockoutMs(s.settings.access.lockoutMs, lockouts);
  tx.set({ access: { ...a, pinFailures: 0, lockedUntil: until, lockouts } });
  tx.log('access', { event: 'wrong PIN', failures, locked: true, lockouts, until });
  // A wrong PIN is a transition, not a refusal: its count must be committed to stop guessing.
  return null;
}

/** C-21: the technician key turned, the PIN entered, and not the initial PIN any more. */
export function technician(tx: Transition): Outcome {
  const why = technicianProblem(tx.state);
  return why ? refusal('C-21', why) : null;
}

export function technicianLogout(tx: Transition): Outcome {
  if (!tx.state.access.technicianSession) return refusal('C-21', 'no technician is logged in');
  tx.set({ access: { ...tx.state.access, technicianSession: false } });
  tx.log('access', { event: 'technician logout', why: 'requested' });
  return null;
}

/** The one thing a technician logged in with the initial PIN may do (C-21). */
export function setPin(tx: Transition, pin: string): Outcome {
  const a = tx.state.access;
  const no =
    needKey(tx.state, 'technician') ?? (a.technicianSession ? null : refusal('C-21', 'the technician PIN is needed'));
  if (no) return no;
  if (a.pinHash && tx.env.verifyPin(pin, a.pinHash))
    return refusal('C-21', 'the new PIN must differ from the one in use');
  tx.set({ access: { ...a, pinHash: tx.env.hashPin(pin), pinChangeRequired: false } });
  tx.log('access', { event: 'PIN changed', ...(a.pinChangeRequired ? { initial: true } : {}) });
  return null;
}

export function clearPeriodMeters(tx: Transition): Outcome {
  const no = technician(tx);
  if (no) return no;
  tx.log('meterClear', { scope: 'period', meters: tx.state.meters.period });
  tx.set({ meters: { lifetime: tx.state.meters.lifetime, period: {} } });
  return null;
}

export function clearTilt(tx: Transition, code: string): Outcome {
  const no = technician(tx);
  if (no) return no;
  const tilt = tx.state.tilts.find((t) => t.code === code);
  if (!tilt) return refusal('C-15', `there is no tilt "${code}"`);
  if (!tilt.technician) return refusal('C-15', `"${code}" clears by itself when its cause is gone`);
  if (code === RECORDS_TILT) return refusal('C-8', 'refused records are cleared only by a RAM clear');
  if (code === SETTINGS_TILT) {
    const problems = settingsProblems(tx.state.settings);
    if (problems.length > 0)
      return refusal('C-7', `the settings still fail their check: ${describeProblems(problems)}`);
  }
  if (code === METER_TILT) {
    const check = checkBalance(tx.state.meters.lifetime, tx.state.balance, tx.state.promo);
    if (!check.ok)
      return refusal(
        'C-9',
        `the meters still do not balance (${check.expected} against ${check.actual}): clear the credits and RAM clear`,
      );
  }
  tx.set({ tilts: tx.state.tilts.filter((t) => t.code !== code) });
  tx.log('tilt', { event: 'off', code, by: 'technician' });
  return null;
}

/** C-8: the only way lifetime meters are cleared; only with nothing owed to anyone (or on refused records). */
export function ramClear(tx: Transition): Outcome {
  const no = technician(tx);
  if (no) return no;
  if (recordsRefused(tx.state)) {
    // Refused records start afresh on the counter as it is: it must be there to start them on.
    if (tx.state.tilts.some((t) => t.code === ANCHOR_TILT))
      return refusal('C-15', "RAM clear needs the records' TPM counter, which cannot be used now (see the tilt)");
    clearRefusedRecords(tx);
    return null;
  }
  const s = tx.state;
  if (gameInProgress(s) || s.note || s.voucher || s.handpay)
    return refusal('C-8', 'RAM clear needs no game, note, voucher or handpay pending');
  if (s.balance !== 0) return refusal('C-8', 'RAM clear needs a zero balance: clear the credits first (C-6)');
  tx.log('meterClear', { scope: 'ram', lifetime: s.meters.lifetime });
  tx.set({ meters: EMPTY_METERS, tilts: s.tilts.filter((t) => t.code !== METER_TILT) });
  return null;
}
