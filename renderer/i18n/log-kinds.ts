// The kinds of event log rows, named on the technician's page in each language: one name for
// every kind the cabinet declares (src/cabinet/vocabulary/log-events.ts, carried by the contract),
// so a kind added there is named here before it compiles.

import { isLogKind, type LogKind } from '../../src/contract';
import type { Language } from './language';

const NAMES: Readonly<Record<Language, Readonly<Record<LogKind, string>>>> = {
  en: {
    door: 'door',
    key: 'key',
    access: 'access',
    note: 'note',
    ticket: 'ticket',
    voucher: 'voucher',
    handpay: 'handpay',
    receipt: 'handpay receipt',
    creditClear: 'credit clear',
    fault: 'fault',
    tilt: 'tilt',
    config: 'setting',
    meterClear: 'meter clear',
    powerUp: 'power-up',
    recovery: 'recovery',
    refusal: 'refusal',
    anomaly: 'anomaly',
    deviceTest: 'device test',
    records: 'records',
    sas: 'SAS',
  },
  ru: {
    door: 'дверь',
    key: 'ключ',
    access: 'доступ',
    note: 'купюра',
    ticket: 'билет',
    voucher: 'ваучер',
    handpay: 'ручная выплата',
    receipt: 'квитанция выплаты',
    creditClear: 'сброс кредитов',
    fault: 'неисправность',
    tilt: 'остановка',
    config: 'настройка',
    meterClear: 'сброс счётчиков',
    powerUp: 'включение',
    recovery: 'восстановление',
    refusal: 'отказ',
    anomaly: 'аномалия',
    deviceTest: 'тест устройств',
    records: 'записи',
    sas: 'SAS',
  },
};

/** A row's kind in words; a kind the cabinet no longer declares (an older row's) as it was logged. */
export const logKindName = (language: Language, kind: string): string =>
  isLogKind(kind) ? NAMES[language][kind] : kind;
