// The game's id: written here once, and everywhere else read from the game's module or the registry.
export const DOUBLE_DOUBLE_BONUS_ID = 'double-double-bonus';
