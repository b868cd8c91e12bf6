// A filled form (form.ts) as an ESC/POS job: each line's style set where it changes, the barcode
// line as an Interleaved 2 of 5 symbol, then a feed and a cut. Pure.

import { encodeEscPos, type EscPos } from './escpos';
import type { FilledForm } from './form';
import { FORMS } from './forms';
import type { Align } from './paper';

export function formCommands({ kind, values }: FilledForm): EscPos[] {
  const out: EscPos[] = [{ type: 'init' }];
  // What ESC @ leaves set.
  let align: Align = 'left';
  let size = 1;
  let bold = false;
  FORMS[kind].forEach((line, i) => {
    const value = values[i];
    if (!value) return;
    const s = line.style;
    if (s.align !== align) out.push({ type: 'align', align: (align = s.align) });
    if (s.bold !== bold) out.push({ type: 'emphasis', on: (bold = s.bold) });
    if (s.size !== size) out.push({ type: 'size', width: (size = s.size), height: s.size });
    if (line.barcode)
      out.push(
        { type: 'barcodeHeight', dots: 80 },
        { type: 'barcodeWidth', module: 2 },
        { type: 'hriPosition', position: 0 },
        { type: 'barcodeItf', data: value },
        { type: 'lf' },
      );
    else out.push({ type: 'text', text: value }, { type: 'lf' });
  });
  return [...out, { type: 'feed', lines: 3 }, { type: 'cut', partial: true, feed: 0 }];
}

export const formBytes = (form: FilledForm): Buffer => Buffer.concat(formCommands(form).map(encodeEscPos));
