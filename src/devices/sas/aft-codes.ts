// AFT's codes are the cabinet's vocabulary (src/cabinet/vocabulary/aft-codes.ts), declared once for
// the cabinet's rules and both ends of the link; the link reads them from here.
export * from '../../cabinet/vocabulary/aft-codes';
