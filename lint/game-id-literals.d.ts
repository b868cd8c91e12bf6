// The rule's type for the TypeScript that imports it (its test).
import type { Rule } from 'eslint';

export const GAMES_FOLDER: string;
export const REGISTRY: string;
export function gameIds(root: string): Map<string, string>;
declare const gameIdLiterals: Rule.RuleModule;
export default gameIdLiterals;
