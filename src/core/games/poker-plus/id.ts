// The game's id: written here once, and everywhere else read from the game's module or the registry.
export const POKER_PLUS_ID = 'poker-plus';
