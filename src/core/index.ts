// The rules core's public face. Pure: no Node, browser or I/O (docs/architecture.md).

export * from './cards';
export * from './categories';
export * from './random';
export * from './deck';
export * from './evaluator';
export * from './paytable';
export * from './step';
export * from './present';
export * from './jacks-or-better';
export * from './poker-plus-state';
export * from './poker-plus-draw-rules';
export * from './poker-plus';
export * from './poker-plus-settle';
export * from './replay';
export * from './progress';
