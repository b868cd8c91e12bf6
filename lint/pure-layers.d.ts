// The check's type for the TypeScript that imports it (its test).
export function pureLayerProblems(layers: Record<string, { may: string[]; runtime: string }>): string[];
