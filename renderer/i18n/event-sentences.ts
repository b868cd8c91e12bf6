// The event log page's rows as sentences a technician reads (C-12, C-23): "Voucher printed
// $18.75, validation 00-1234-…", money in the currency, in both languages. Each kind of row the
// cabinet declares (src/cabinet/vocabulary/log-events.ts) has its sentences here; a row of an
// event without one (a newer or an older version's) is said by its kind's name and its fields,
// its money still in the currency and no rule id.

import { HANDPAY_CAUSE, type Snapshot } from '../../src/contract';
import { handpayCauseText } from './handpay-cause';
import type { Language } from './language';
import { logKindName } from './log-kinds';
import { SERVICE_KEYS, ts, type ServiceKey } from './service-texts';
import { formatMoney } from './numbers';
import { fill } from './template';
import { formatTime } from './time';
import { tiltText } from './tilts';

type Data = Record<string, unknown>;
type Currency = Snapshot['currency'];

/** Fields that hold money in minor units in the cabinet's declaration of its rows. */
const MONEY = new Set(['amount', 'value', 'balance', 'expected']);

/** Sentences by `kind.event` (or `kind` for a kind of a single shape); {field} is the row's field as said. */
const EN: Record<string, string> = {
  'door.open': '{door} opened',
  'door.closed': '{door} closed',
  'key.on': '{key} turned on',
  'key.off': '{key} turned off',
  'access.technician login': 'Technician logged in{initial}',
  'access.wrong PIN': 'Wrong PIN ({failures} in a row){locked}',
  'access.technician logout': 'Technician logged out ({why})',
  'access.PIN changed': 'Technician PIN changed{initial}',
  'access.sound muted': 'Sound muted by the attendant until {until}',
  'access.sound unmuted': 'Sound back on',
  'access.help button': 'HELP button pressed',
  'access.service button': 'SERVICE button pressed',
  'note.return': 'Note {value} returned: {reason}',
  'note.stack': 'Note {value} going to the stacker',
  'note.stacked': 'Note {value} stacked, credits now {balance}',
  'note.returned': 'Note {value} handed back',
  'note.rejected': 'Note rejected: {reason}',
  'ticket.validating': 'Ticket {barcode} being validated',
  'ticket.stack': 'Ticket {barcode} for {amount} going to the stacker',
  'ticket.redeemed': 'Ticket {barcode} redeemed for {amount}, credits now {balance}',
  'ticket.return': 'Ticket {barcode} returned: {text}',
  'ticket.returned': 'Ticket {barcode} handed back',
  'ticket.rejected': 'Ticket {barcode} rejected: {reason}',
  'ticket.statusRead': 'The casino system read how ticket {barcode} ended',
  'ticket.locked': 'Ticket slot locked until {until}: {unknownInRow} unknown tickets in a row',
  'ticket.unlocked': 'Ticket slot unlocked by the attendant',
  'voucher.print': 'Voucher {amount} printing, validation {validation}',
  'voucher.printed': 'Voucher printed {amount}, validation {validation}',
  'voucher.failed': 'Voucher {amount} failed, validation {validation}: {reason}',
  'voucher.voided': 'Voucher {amount} voided, validation {validation}: {reason}',
  'voucher.noValidationId': 'No validation number for a voucher of {amount}: {reason}',
  'voucher.awaitingValidation': 'Cash-out of {amount} waiting for the casino system’s number',
  'handpay.locked': 'Handpay {amount} called: {cause}',
  'handpay.paid': 'Handpay {amount} paid {by}: {cause}',
  creditClear: 'Credits {amount} cleared by the attendant (handpaid)',
  'fault.fault': '{device}: {message}',
  'fault.cleared': '{device}: fault cleared ({code})',
  'fault.offline': '{device} offline: {reason}',
  'fault.online': '{device} online',
  'tilt.on': 'Play stopped: {tilt}',
  'tilt.off': 'Stop lifted{by}: {tilt}',
  config: 'Setting {key} changed: {from} → {to} ({source})',
  'meterClear.period': 'Period meters cleared',
  'meterClear.ram': 'RAM clear: lifetime meters and records cleared',
  powerUp: 'Power-up, credits {balance}{game}',
  recovery: 'After the restart the {device} reported {reported}',
  refusal: 'Refused: {reason}',
  anomaly: 'Unexpected, not acted on: {reason}',
  'deviceTest.start': 'Device test started',
  'deviceTest.end': 'Device test ended ({why})',
  'deviceTest.acceptor': 'Device test: note acceptor {enabled}',
  'deviceTest.lamps': 'Device test: button lamps set',
  'deviceTest.voucher': 'Device test: test voucher {result}',
  'deviceTest.button': 'Device test: button {button} {pressed}',
  'deviceTest.note': 'Device test: note {value} {result}',
  'records.voucherSequence': 'Voucher numbers {from} to {to} passed over: {reason}',
  'records.anchored': 'Records anchored to {counter} at {value}',
  'records.anchorCaughtUp': 'Records caught up with {counter}: {from} → {to}',
  'sas.disabled': 'The casino system disabled play',
  'sas.enabled': 'The casino system enabled play',
  'sas.clockSet': 'The casino system set the clock to {to}',
  'sas.hostLost': 'Casino system lost: {reason}',
  'sas.hostBack': 'Casino system back',
  'sas.systemValidation': 'Casino system’s number {validation} for a cash-out of {amount}',
  'sas.systemValidationRefused': 'Casino system refused a number for {amount}: {reason}',
};

const RU: Record<string, string> = {
  'door.open': '{door}: открыта',
  'door.closed': '{door}: закрыта',
  'key.on': '{key}: включён',
  'key.off': '{key}: выключен',
  'access.technician login': 'Вход техника{initial}',
  'access.wrong PIN': 'Неверный ПИН ({failures} подряд){locked}',
  'access.technician logout': 'Выход техника ({why})',
  'access.PIN changed': 'ПИН техника изменён{initial}',
  'access.sound muted': 'Звук выключен оператором до {until}',
  'access.sound unmuted': 'Звук снова включён',
  'access.help button': 'Нажата кнопка ПОМОЩЬ',
  'access.service button': 'Нажата кнопка ВЫЗОВ',
  'note.return': 'Купюра {value} возвращена: {reason}',
  'note.stack': 'Купюра {value} идёт в кассету',
  'note.stacked': 'Купюра {value} в кассете, кредиты {balance}',
  'note.returned': 'Купюра {value} выдана обратно',
  'note.rejected': 'Купюра отвергнута: {reason}',
  'ticket.validating': 'Билет {barcode} проверяется',
  'ticket.stack': 'Билет {barcode} на {amount} идёт в кассету',
  'ticket.redeemed': 'Билет {barcode} принят на {amount}, кредиты {balance}',
  'ticket.return': 'Билет {barcode} возвращён: {text}',
  'ticket.returned': 'Билет {barcode} выдан обратно',
  'ticket.rejected': 'Билет {barcode} отвергнут: {reason}',
  'ticket.statusRead': 'Казино-система прочла, чем кончился билет {barcode}',
  'ticket.locked': 'Приём билетов закрыт до {until}: {unknownInRow} неизвестных билетов подряд',
  'ticket.unlocked': 'Приём билетов открыт оператором',
  'voucher.print': 'Печатается ваучер {amount}, номер {validation}',
  'voucher.printed': 'Напечатан ваучер {amount}, номер {validation}',
  'voucher.failed': 'Ваучер {amount} не напечатан, номер {validation}: {reason}',
  'voucher.voided': 'Ваучер {amount} аннулирован, номер {validation}: {reason}',
  'voucher.noValidationId': 'Нет номера для ваучера на {amount}: {reason}',
  'voucher.awaitingValidation': 'Выплата {amount} ждёт номера от казино-системы',
  'handpay.locked': 'Вызов на ручную выплату {amount}: {cause}',
  'handpay.paid': 'Ручная выплата {amount} выплачена {by}: {cause}',
  creditClear: 'Кредиты {amount} сняты оператором (выплачены вручную)',
  'fault.fault': '{device}: {message}',
  'fault.cleared': '{device}: неисправность устранена ({code})',
  'fault.offline': '{device}: нет связи: {reason}',
  'fault.online': '{device}: на связи',
  'tilt.on': 'Игра остановлена: {tilt}',
  'tilt.off': 'Остановка снята{by}: {tilt}',
  config: 'Настройка {key} изменена: {from} → {to} ({source})',
  'meterClear.period': 'Счётчики за период сброшены',
  'meterClear.ram': 'Очистка памяти: счётчики и записи сброшены',
  powerUp: 'Включение, кредиты {balance}{game}',
  recovery: 'После перезапуска {device} сообщил: {reported}',
  refusal: 'Отказ: {reason}',
  anomaly: 'Неожиданное, без действий: {reason}',
  'deviceTest.start': 'Проверка устройств начата',
  'deviceTest.end': 'Проверка устройств окончена ({why})',
  'deviceTest.acceptor': 'Проверка: купюроприёмник {enabled}',
  'deviceTest.lamps': 'Проверка: лампы кнопок заданы',
  'deviceTest.voucher': 'Проверка: тестовый ваучер {result}',
  'deviceTest.button': 'Проверка: кнопка {button} {pressed}',
  'deviceTest.note': 'Проверка: купюра {value} {result}',
  'records.voucherSequence': 'Номера ваучеров с {from} по {to} пропущены: {reason}',
  'records.anchored': 'Записи привязаны к {counter} на {value}',
  'records.anchorCaughtUp': 'Записи догнали {counter}: {from} → {to}',
  'sas.disabled': 'Казино-система остановила игру',
  'sas.enabled': 'Казино-система разрешила игру',
  'sas.clockSet': 'Казино-система установила часы на {to}',
  'sas.hostLost': 'Нет связи с казино-системой: {reason}',
  'sas.hostBack': 'Связь с казино-системой восстановлена',
  'sas.systemValidation': 'Номер казино-системы {validation} для выплаты {amount}',
  'sas.systemValidationRefused': 'Казино-система не дала номер для {amount}: {reason}',
};

/** The words a sentence puts in for a field's value, where the raw value is not what a person reads. */
const WORDS: Record<Language, Record<string, string>> = {
  en: {
    'door.main': 'Main door',
    'door.logic': 'Logic door',
    'door.cashbox': 'Cash box door',
    'key.attendant': 'Attendant key',
    'key.technician': 'Technician key',
    'device.acceptor': 'Note acceptor',
    'device.printer': 'Printer',
    'device.deck': 'Button deck',
    'device.sas': 'Casino system line',
    initial: ' (the initial PIN, to be changed)',
    initialDone: ' (the initial one)',
    locked: ', login locked',
    'why.requested': 'asked for',
    'why.key turned off': 'key turned off',
    'by.attendant': 'by the attendant',
    'by.host': 'by the casino system',
    'by.technician': ' by the technician',
    'by.RAM clear': ' by a RAM clear',
    game: ', game #{n} in progress',
    'on.true': 'on',
    'on.false': 'off',
    'pressed.true': 'pressed',
    'pressed.false': 'released',
    'source.technician': 'by the technician',
    'source.config file': 'from the config file',
  },
  ru: {
    'door.main': 'Главная дверь',
    'door.logic': 'Дверь логического блока',
    'door.cashbox': 'Дверь денежного ящика',
    'key.attendant': 'Ключ оператора',
    'key.technician': 'Ключ техника',
    'device.acceptor': 'Купюроприёмник',
    'device.printer': 'Принтер',
    'device.deck': 'Панель кнопок',
    'device.sas': 'Линия казино-системы',
    initial: ' (начальный ПИН, нужно сменить)',
    initialDone: ' (начальный)',
    locked: ', вход заблокирован',
    'why.requested': 'по кнопке',
    'why.key turned off': 'ключ выключен',
    'by.attendant': 'оператором',
    'by.host': 'казино-системой',
    'by.technician': ' техником',
    'by.RAM clear': ' очисткой памяти',
    game: ', в игре партия №{n}',
    'on.true': 'включён',
    'on.false': 'выключен',
    'pressed.true': 'нажата',
    'pressed.false': 'отпущена',
    'source.technician': 'техником',
    'source.config file': 'из файла конфигурации',
  },
};

/** A setting's values that are money (its limits and chip values), said in the currency. */
const MONEY_SETTING = /(^|\.)(chipValues|\w*Limit)$/;

function plain(v: unknown): string {
  if (v === null || v === undefined) return '—';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function moneyOf(v: unknown, cur: Currency, L: Language): string {
  if (typeof v === 'number') return formatMoney(v, cur, L);
  if (Array.isArray(v)) return v.map((x) => moneyOf(x, cur, L)).join(', ');
  return plain(v);
}

/** Every field as said: money in the currency, times as times, the rest as written. */
function fields(d: Data, cur: Currency, L: Language): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(d)) out[k] = MONEY.has(k) ? moneyOf(v, cur, L) : plain(v);
  return out;
}

function sayFields(d: Data, cur: Currency, L: Language): string {
  const skip = new Set(['event', 'rule', 'wish', 'mirror', 'meters', 'lifetime', 'byRule', 'from', 'to']);
  return Object.entries(fields(d, cur, L))
    .filter(([k]) => !skip.has(k))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

/** The sentence for one event log row. */
export function eventSentence(L: Language, kind: string, data: unknown, cur: Currency): string {
  const d: Data = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Data) : {};
  const w = WORDS[L];
  const word = (key: string, fallback: string): string => w[key] ?? fallback;
  const sub =
    typeof d.event === 'string'
      ? d.event
      : kind === 'door'
        ? d.open
          ? 'open'
          : 'closed'
        : kind === 'meterClear' && typeof d.scope === 'string'
          ? d.scope
          : null;
  const key = kind === 'key' ? `key.${d.on ? 'on' : 'off'}` : sub !== null ? `${kind}.${sub}` : kind;
  const template = (L === 'ru' ? RU : EN)[key] ?? (L === 'ru' ? RU : EN)[kind];
  if (template === undefined) {
    const rest = sayFields(d, cur, L);
    return `${capital(logKindName(L, kind))}${sub ? `: ${sub}` : ''}${rest ? `: ${rest}` : ''}`;
  }
  const f = fields(d, cur, L);
  const cause = HANDPAY_CAUSE.safeParse(d.cause);
  const params: Record<string, string> = {
    ...f,
    door: word(`door.${plain(d.door)}`, plain(d.door)),
    key: word(`key.${plain(d.key)}`, plain(d.key)),
    device: word(`device.${plain(d.device)}`, plain(d.device)),
    initial: d.pinChangeRequired === true ? w.initial! : d.initial === true ? w.initialDone! : '',
    locked: d.locked === true ? w.locked! : '',
    why: word(`why.${plain(d.why)}`, plain(d.why)),
    until: typeof d.until === 'number' ? formatTime(d.until) : plain(d.until),
    text: typeof d.text === 'string' ? d.text : plain(d.reason),
    cause: handpayCauseText(
      L,
      cause.success ? cause.data : undefined,
      typeof d.reason === 'string' ? d.reason : null,
      cur,
    ),
    by:
      kind === 'handpay'
        ? word(`by.${d.by === 'host' ? 'host' : 'attendant'}`, '')
        : d.by
          ? word(`by.${plain(d.by)}`, '')
          : '',
    tilt: typeof d.code === 'string' ? tiltText(L, d.code, typeof d.reason === 'string' ? d.reason : d.code) : '',
    game: typeof d.game === 'number' ? fill(L, w.game!, { n: d.game }) : '',
    enabled: word(`on.${plain(d.enabled)}`, plain(d.enabled)),
    pressed: word(`pressed.${plain(d.pressed)}`, plain(d.pressed)),
    source: word(`source.${plain(d.source)}`, plain(d.source)),
  };
  if (kind === 'config') {
    // The setting by the name its button carries on the settings page, where it has one.
    const name = `set.${plain(d.key).split('.').at(-1)}`;
    if ((SERVICE_KEYS as string[]).includes(name)) params.key = ts(L, name as ServiceKey);
    const money = MONEY_SETTING.test(plain(d.key));
    params.from = money ? moneyOf(d.from, cur, L) : plain(d.from);
    params.to = money ? moneyOf(d.to, cur, L) : plain(d.to);
  }
  if (kind === 'refusal' && typeof d.heldBack === 'number' && d.heldBack > 0) params.reason += ` (+${d.heldBack})`;
  return fill(L, template, params);
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
