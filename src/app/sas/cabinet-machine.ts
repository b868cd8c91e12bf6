// The cabinet as the SAS link sees it (src/devices/sas/machine.ts): every read from the committed
// state and store (C-13), synchronously, so a reply never waits on I/O nor shows what is not
// committed; everything the host asks the cabinet to do is a cabinet input (C-25), committed (and
// logged) before the link answers. Ticket in (issue 15) comes through `ticketIn` (ticket-in.ts);
// without it 70 and 71 go unanswered.

import {
  sasMeterCode,
  activePayTableId,
  DEFAULT_CONTROLS,
  GAMES,
  gameInProgress,
  hostControls,
  hostDisabled,
  metersBySasCode,
  validationMode,
  type CabinetState,
  type HostControls,
} from '../../cabinet';
import { gameModule, present, type GameId } from '../../core';
import type { ExceptionChange, ExceptionStore, PendingException } from '../../devices/sas/exception-queue';
import type { ValidationMode } from '../../devices/sas/features';
import {
  VALIDATION_CONTROL,
  type CashOutTicket,
  type ExtendedValidationChange,
  type ExtendedValidationStatus,
  type GameConfig,
  type GameEntry,
  type HandpayInfo,
  type HostTicketData,
  type SasDateTime,
  type SasMachine,
  type TicketIn,
  type ValidationRecord,
  type ValidationRecords,
} from '../../devices/sas/machine';
import { applySetValidationId, type ValidationConfig } from '../../devices/sas/validation';
import type { Journal } from '../../store';
import { CabinetAft } from './cabinet-aft';
import { sasDateTime, sasTimeToMs, type CabinetSide } from './cabinet-side';

export { sasDateTime, sasTimeToMs, type CabinetSide } from './cabinet-side';

/** 58's answers: not waiting for a validation number; the number given could not be used. */
const NOT_IN_CASHOUT = 0x80;
const IMPROPER_VALIDATION = 0x81;
/** 7B's expiration for "never expires". */
const NEVER_DAYS = 9999;

/** The SAS game numbers, the registry's order: 1 Jacks or Better, 2 Poker Plus, 3 Bonus Poker, ... */
export const SAS_GAMES: readonly GameId[] = GAMES;

/**
 * 53's pay table ID (six ASCII characters): the game's two-letter ID and what tells its tables
 * apart ("bonus-poker-8-5" BP85, "deuces-wild-nsud" DWNSUD), so two tables of a game read apart.
 */
export function sasPaytableId(game: GameId, tableId: string): string {
  const own = tableId.startsWith(`${game}-`) ? tableId.slice(game.length + 1) : tableId;
  return `${gameModule(game).sas.gameId}${own.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 6).toUpperCase();
}

export interface CabinetMachineOptions {
  cabinet: CabinetSide;
  store: Journal;
  /** CRC-16 with the host's seed over the installed program (rom-signature.ts). */
  romSignature: (seed: number) => Promise<number>;
  now?: () => number;
  /** Issue 15: tickets in, redeemed by the host. */
  ticketIn?: TicketIn;
}

export class CabinetMachine implements SasMachine {
  private readonly cabinet: CabinetSide;
  private readonly store: Journal;
  private readonly now: () => number;
  private cache: { state: CabinetState; meters: Map<string, Map<string, number>> } | null = null;
  readonly romSignature: (seed: number) => Promise<number>;
  readonly ticketIn?: TicketIn;
  /** AFT and the legacy bonus (C-26). */
  readonly aft: CabinetAft;

  constructor(options: CabinetMachineOptions) {
    this.cabinet = options.cabinet;
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.romSignature = options.romSignature;
    if (options.ticketIn) this.ticketIn = options.ticketIn;
    this.aft = new CabinetAft(this.cabinet, this.now);
  }

  private get state(): CabinetState {
    return this.cabinet.state;
  }

  private metersOf(game: GameId | null): Map<string, number> {
    const s = this.state;
    if (this.cache?.state !== s) this.cache = { state: s, meters: new Map() };
    const key = game ?? '';
    let m = this.cache.meters.get(key);
    if (!m) {
      m = metersBySasCode(s.meters.lifetime, s.balance, s.settings.minorDigits, game);
      this.cache.meters.set(key, m);
    }
    return m;
  }

  meter(code: number, game: number): number | null {
    const g = game === 0 ? null : SAS_GAMES[game - 1];
    if (g === undefined) return null;
    return this.metersOf(g).get(sasMeterCode(code)) ?? null;
  }

  doorAndPowerCounts() {
    const l = this.state.meters.lifetime;
    return { slotDoorOpens: l['doorOpens.main'] ?? 0, powerResets: l.powerUps ?? 0 };
  }

  private config(game: GameId): GameConfig {
    const s = this.state;
    const maxChip = Math.max(...s.settings.chipValues);
    const l = s.settings.limits;
    const maxBet = gameModule(game).maxStake(l) * maxChip;
    const id = activePayTableId(s, game);
    const rtp = s.installedPayTables.find((t) => t.id === id)?.rtp ?? null;
    return {
      gameId: gameModule(game).sas.gameId,
      additionalId: '000',
      maxBet,
      paytableId: sasPaytableId(game, id),
      basePercent: Math.min(rtp?.pct ?? 0, 99.99),
    };
  }

  games(): readonly GameEntry[] {
    const s = this.state;
    return SAS_GAMES.map((g) => ({ ...this.config(g), enabled: s.settings.games.includes(g) && !hostDisabled(s) }));
  }

  machineInfo(): GameConfig {
    const offered = SAS_GAMES.filter((g) => this.state.settings.games.includes(g)).map((g) => this.config(g));
    // The settings hold at least one game (their schema says so).
    const first = present(offered[0], 'an offered game');
    if (offered.length === 1) return first;
    // Several games: the largest bet, and the lowest return (the machine returns at least that).
    return {
      gameId: first.gameId,
      additionalId: '000',
      maxBet: Math.max(...offered.map((c) => c.maxBet)),
      paytableId: 'MULTI',
      basePercent: Math.min(...offered.map((c) => c.basePercent)),
    };
  }

  selectedGame(): number {
    const s = this.state;
    return gameInProgress(s) ? SAS_GAMES.indexOf(s.game!.game) + 1 : 0;
  }

  serialNumber(): string {
    return this.state.settings.voucher.machine.replace(/[^\x20-\x7e]/g, '').slice(0, 40);
  }

  clock(): SasDateTime {
    return sasDateTime(this.now() + (this.state.sas?.clockOffsetMs ?? 0));
  }

  setClock(at: SasDateTime): boolean {
    return this.cabinet.input({ kind: 'sas', command: { type: 'setClock', at: sasTimeToMs(at) } }).ok;
  }

  shutdown(): void {
    this.cabinet.input({ kind: 'sas', command: { type: 'shutdown' } });
  }

  startup(): void {
    this.cabinet.input({ kind: 'sas', command: { type: 'startup' } });
  }

  disabledByHost(): boolean {
    return hostDisabled(this.state);
  }

  handpay(): HandpayInfo | null {
    const h = this.state.handpay;
    if (!h) return null;
    return {
      progressiveGroup: 0,
      level: h.kind === 'jackpot' ? 0x40 : 0x80,
      amount: h.amount,
      partialPay: 0,
      resetId: 0,
    };
  }

  remoteHandpayReset(): 0 | 1 | 2 {
    const had = this.state.handpay !== null;
    const done = this.cabinet.input({ kind: 'sas', command: { type: 'handpayReset' } }).ok;
    return done ? 0 : had ? 1 : 2;
  }

  setValidationId(request: ValidationConfig): ValidationConfig | null {
    const sas = this.state.sas;
    if (!sas) return null;
    const { state, reply } = applySetValidationId(sas.validation, request);
    if (
      state !== sas.validation &&
      !this.cabinet.input({ kind: 'sas', command: { type: 'validationId', validation: state } }).ok
    )
      return null;
    return reply;
  }

  validationMode(): ValidationMode {
    const sas = this.state.sas;
    return sas ? validationMode(sas) : 'secure-enhanced';
  }

  lastBill(): { value: number } | null {
    const value = this.state.lastNote;
    return value === undefined ? null : { value };
  }

  currency(): string {
    return this.state.settings.currency;
  }

  lastCashOutTicket(): CashOutTicket | null {
    return this.state.sas?.lastCashOutTicket ?? null;
  }

  cashOutTicketRead(validationNumber: string): void {
    this.cabinet.input({ kind: 'sas', command: { type: 'cashOutTicketRead', validationNumber } });
  }

  pendingCashout(): { amount: number } | null {
    const p = this.state.sas?.pendingCashout;
    return p ? { amount: p.amount } : null;
  }

  systemValidation(systemId: number, validationNumber: string): number {
    if (!this.state.sas?.pendingCashout) return NOT_IN_CASHOUT;
    const r = this.cabinet.input({ kind: 'sas', command: { type: 'systemValidation', systemId, validationNumber } });
    return r.ok ? 0x00 : IMPROPER_VALIDATION;
  }

  cashOutLimit(): number {
    return this.state.settings.limits.ticketLimit;
  }

  extendedValidation(change: ExtendedValidationChange): ExtendedValidationStatus {
    const controls: Partial<HostControls> = {};
    const set = (bit: number) => (change.mask & bit ? (change.states & bit) !== 0 : undefined);
    const printer = set(VALIDATION_CONTROL.printerAsCashoutDevice);
    const redemption = this.ticketIn ? set(VALIDATION_CONTROL.ticketRedemption) : undefined;
    if (printer !== undefined) controls.printerAsCashoutDevice = printer;
    if (redemption !== undefined) controls.ticketRedemption = redemption;
    const days = change.cashableExpirationDays;
    const expiry = days === 0 ? undefined : days === NEVER_DAYS ? 'never' : days;
    if (Object.keys(controls).length > 0 || expiry !== undefined)
      this.cabinet.input({ kind: 'sas', command: { type: 'extendedValidation', controls, expiry } });
    const s = this.state;
    const now = s.sas ? hostControls(s.sas) : DEFAULT_CONTROLS;
    const kept = s.sas?.ticketText?.expiry ?? s.settings.voucher.expiryDays;
    return {
      statusBits:
        (now.printerAsCashoutDevice ? VALIDATION_CONTROL.printerAsCashoutDevice : 0) |
        (this.ticketIn && now.ticketRedemption ? VALIDATION_CONTROL.ticketRedemption : 0) |
        (s.sas && validationMode(s.sas) === 'secure-enhanced' && s.sas.validation.current
          ? VALIDATION_CONTROL.secureEnhancedConfigured
          : 0),
      cashableExpirationDays: kept === 'never' ? NEVER_DAYS : Math.min(kept, NEVER_DAYS - 1),
      restrictedExpirationDays: 0,
    };
  }

  setTicketData(data: HostTicketData): boolean {
    const { expirationDays, ...lines } = data;
    // 7D's expiration: days, 00 for a ticket that never expires.
    const text =
      expirationDays === undefined
        ? lines
        : { ...lines, expiry: expirationDays === 0 ? ('never' as const) : expirationDays };
    return this.cabinet.input({ kind: 'sas', command: { type: 'ticketText', text } }).ok;
  }

  /** 7B's asset number: the machine number when it is one (digits, below 2^32), else 0. */
  assetNumber(): number {
    const n = /^\d{1,10}$/.test(this.state.settings.voucher.machine) ? Number(this.state.settings.voucher.machine) : 0;
    return n <= 0xffffffff ? n : 0;
  }

  readonly validationRecords: ValidationRecords = {
    oldestUnread: () => {
      const v = this.store.sasValidations().find((r) => !r.read);
      return v ? (v.record as unknown as ValidationRecord) : null;
    },
    atIndex: (index) => {
      const v = this.store.sasValidations().findLast((r) => (r.record as unknown as ValidationRecord).index === index);
      return v ? (v.record as unknown as ValidationRecord) : null;
    },
    markRead: (record) => {
      const v = this.store
        .sasValidations()
        .find((r) => !r.read && (r.record as unknown as ValidationRecord).barcode === record.barcode);
      if (v) this.store.commitSas({ markRead: [v.seq] });
    },
  };
}

/** The exception queue in the cabinet's database, each change one signed commit. */
export function storeExceptions(store: Journal): ExceptionStore {
  return {
    pending: (): readonly PendingException[] => store.sasExceptions(),
    commit: (change: ExceptionChange) => store.commitSas({ dropExceptions: change.drop, addExceptions: change.add }),
  };
}
