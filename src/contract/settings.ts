// The operator settings as the cabinet declares them (src/cabinet/vocabulary): the settings page
// shows them, and its keypad keeps to their bounds.

export {
  CHIP_VALUE,
  CHIP_VALUES,
  CURRENCY,
  GAMES_OFFERED,
  LANGUAGE,
  LIMITS,
  LOCKOUT_SECONDS,
  MACHINE,
  MAX_CHIP_VALUES,
  MAX_PIN_FAILURES,
  MINOR_DIGITS,
  PIN,
  PRESENTATION,
  SAS_ADDRESS,
  SETTINGS_CHANGE,
  TABLE_ID,
  VENUE,
  type SettingsChange,
} from '../cabinet/vocabulary/settings-schema';
