// C-23: the screens speak English and Russian; the snapshot's language picks one.

export type Language = 'en' | 'ru';
export const LANGUAGES: readonly Language[] = ['en', 'ru'];
