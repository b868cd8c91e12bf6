// The game's id: written here once, and everywhere else read from the game's module or the registry.
export const JACKS_OR_BETTER_ID = 'jacks-or-better';
