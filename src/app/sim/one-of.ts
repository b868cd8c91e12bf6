import { uniformBelow, type RandomSource } from '../../core';

/** An entry of `list`, evenly: uniformBelow refuses an empty list, so the index is in range. */
export const oneOf = <T>(random: RandomSource, list: readonly T[]): T => list[uniformBelow(random, list.length)]!;
