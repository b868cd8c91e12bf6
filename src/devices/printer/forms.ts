// Every form the printers print, by kind (form.ts): the voucher and the device test's specimen,
// and a handpay's receipt. TCL defines each as a template on the printer (src/devices/tcl/forms.ts);
// ESC/POS lays each out as it prints it (form-escpos.ts).

import type { FormKind, FormLine } from './form';
import { RECEIPT_LINES } from './receipt-form';
import { VOUCHER_FORMS } from './voucher-form';

export const FORMS: Record<FormKind, readonly FormLine[]> = { ...VOUCHER_FORMS, receipt: RECEIPT_LINES };
