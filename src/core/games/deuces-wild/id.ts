// The game's id: written here once, and everywhere else read from the game's module or the registry.
export const DEUCES_WILD_ID = 'deuces-wild';
