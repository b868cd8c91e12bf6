// The printers' forms (src/devices/printer/forms.ts: the voucher, the device test's specimen and
// a handpay's receipt) as TCL regions and templates: each line of a form is a region of the
// ticket, one under the other, and each form a template listing them in order. The driver defines them when it connects and again after the printer reports a
// power-up (templates live in the printer's RAM); a voucher is then one print command.

import type { FilledForm, FormKind, FormLine } from '../printer/form';
import { FORMS } from '../printer/forms';
import type { Align } from '../printer/paper';
import type { Justify, TclCommand, TclRegion } from './codec';

/** The ticket's printable width across and length along the paper, in dots (203 dpi). */
export const TICKET_WIDTH = 512;
export const TICKET_LENGTH = 1100;
const MARGIN = 25;
const TEXT_ROW = 30;
const BARCODE_ROW = 100;
/** The standard text font, in the printers' numbering. */
const FONT = '2';
/** The object of an Interleaved 2 of 5 barcode region. */
export const ITF = 'l';

export const TEMPLATE_IDS: Record<FormKind, string> = { voucher: 'V', specimen: 'S', receipt: 'H' };

export const JUSTIFY: Record<Align, Justify> = { left: 0, center: 1, right: 2 };

/** Region ids in order: `0` onwards, passing over `^` and `|`, which a command cannot carry as an id. */
function regionIds(n: number): string[] {
  const ids: string[] = [];
  for (let c = 0x30; ids.length < n; c++) if (c !== 0x5e && c !== 0x7c) ids.push(String.fromCharCode(c));
  return ids;
}

function regionsOf(lines: readonly FormLine[], ids: string[]): TclRegion[] {
  let y = MARGIN;
  return lines.map((line, i) => {
    const { size, align, bold } = line.style;
    const height = line.barcode ? BARCODE_ROW : TEXT_ROW * size;
    const region: TclRegion = {
      id: ids[i]!,
      x: MARGIN,
      width: TICKET_WIDTH - 2 * MARGIN,
      y,
      height,
      rotation: 0,
      justify: JUSTIFY[align],
      object: line.barcode ? ITF : FONT,
      // A barcode's module width and bar height; a font's magnification each way.
      mul1: line.barcode ? 2 : size,
      mul2: line.barcode ? 80 : size,
      attribute: bold ? 1 : 0,
    };
    y += height;
    return region;
  });
}

const kinds = Object.keys(FORMS) as FormKind[];
const allIds = regionIds(kinds.reduce((n, k) => n + FORMS[k].length, 0));

/** Each form's regions, their ids following on from the form before. */
export const FORM_REGIONS: Record<FormKind, TclRegion[]> = (() => {
  let at = 0;
  const out = {} as Record<FormKind, TclRegion[]>;
  for (const k of kinds) {
    out[k] = regionsOf(FORMS[k], allIds.slice(at, at + FORMS[k].length));
    at += FORMS[k].length;
  }
  return out;
})();

/** Everything the printer must hold to print our vouchers: the old regions gone, ours, our templates. */
export function formDefinitions(): TclCommand[] {
  return [
    { type: 'deleteAll' },
    ...kinds.flatMap((k) => FORM_REGIONS[k].map((r): TclCommand => ({ type: 'region', ...r }))),
    ...kinds.map((k): TclCommand => ({
      type: 'template',
      id: TEMPLATE_IDS[k],
      width: TICKET_WIDTH,
      length: TICKET_LENGTH,
      regions: FORM_REGIONS[k].map((r) => r.id),
    })),
  ];
}

/** A filled form as the one command that prints it. */
export function printCommand(form: FilledForm): TclCommand {
  return { type: 'print', template: TEMPLATE_IDS[form.kind], copies: 1, fields: form.values };
}
