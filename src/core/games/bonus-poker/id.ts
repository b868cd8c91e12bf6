// The game's id: written here once, and everywhere else read from the game's module or the registry.
export const BONUS_POKER_ID = 'bonus-poker';
