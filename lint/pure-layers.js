// A pure layer reaches only pure layers (docs/architecture.md): what it may import cannot bring
// Node, Electron or a browser in. eslint.config.js refuses to load when its layer data says
// otherwise; test/lint/pure-layers.test.ts proves that on data that does.

/**
 * What is wrong with `layers` (each `{ may: string[], runtime: string }`, by name): one line for
 * each pure layer that may import an impure one; empty when none does.
 */
export function pureLayerProblems(layers) {
  const problems = [];
  for (const [layer, { may, runtime }] of Object.entries(layers)) {
    if (runtime !== 'pure') continue;
    const impure = may.filter((other) => layers[other]?.runtime !== 'pure');
    if (impure.length > 0) problems.push(`pure ${layer} may not import ${impure.join(', ')}`);
  }
  return problems;
}
