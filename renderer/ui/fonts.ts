// The screen's one typeface, Noto Sans (OFL, from @fontsource/noto-sans), shipped as files by
// vite and loaded before any text is drawn: Pixi renders text through a canvas, which would
// otherwise measure with a fallback font and never redraw.

import latin400 from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url';
import latin700 from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff2?url';
import cyrillic400 from '@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff2?url';
import cyrillic700 from '@fontsource/noto-sans/files/noto-sans-cyrillic-700-normal.woff2?url';
import { FONT } from './theme';

const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
const CYRILLIC = 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116';

export async function loadFonts(fonts: FontFaceSet, log: (line: string) => void): Promise<boolean> {
  const faces = [
    new FontFace(FONT, `url(${latin400})`, { weight: '400', unicodeRange: LATIN }),
    new FontFace(FONT, `url(${latin700})`, { weight: '700', unicodeRange: LATIN }),
    new FontFace(FONT, `url(${cyrillic400})`, { weight: '400', unicodeRange: CYRILLIC }),
    new FontFace(FONT, `url(${cyrillic700})`, { weight: '700', unicodeRange: CYRILLIC }),
  ];
  try {
    await Promise.all(faces.map((f) => f.load()));
    for (const f of faces) fonts.add(f);
    return true;
  } catch (error) {
    log(`font not loaded, drawing with the fallback: ${String(error)}`);
    return false;
  }
}
