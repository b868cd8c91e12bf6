// The cabinet's words the screens read beside the wishes: why play stopped (each tilt's cause,
// read from its code) and the kinds of rows in the event log, as src/cabinet/vocabulary declares them.

export {
  BUTTONS,
  DEVICE_FAULTS,
  DEVICE_NAMES,
  DOORS,
  HOLD_BUTTONS,
  LAMP_STATES,
  holdPosition,
  type Button,
  type DeviceFault,
  type DeviceName,
  type Door,
  type LampState,
} from '../cabinet/vocabulary/devices';
export {
  METER_TILT,
  OUT_OF_SERVICE,
  RECORDS_TILT,
  TILTS,
  tiltCause,
  tiltClears,
  type ReadTiltCause,
  type TiltClears,
  type TiltKind,
} from '../cabinet/vocabulary/tilts';
export { LOG_KINDS, isLogKind, type LogKind } from '../cabinet/vocabulary/log-events';
export {
  JACKS_BUTTONS,
  betOneNext,
  jacksButtonWishes,
  type JacksButton,
  type JacksButtonsAt,
} from '../cabinet/vocabulary/buttons';
export { HANDPAY_CAUSE, type HandpayCause } from '../cabinet/vocabulary/handpay-causes';
