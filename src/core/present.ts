// A missing entry that the code around it has already ruled out (a box the rules settled, a list
// checked non-empty where it was read) is a programming error, not input to refuse: it throws,
// naming what was missing, rather than letting `undefined` travel on.

/** The value itself, or an Error naming what should have been there. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing: the code that put it there has a bug`);
  return value;
}
