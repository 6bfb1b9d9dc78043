/** The errors context is rules only: the §8 catalogue and the error map. It holds no state. */
export * from './catalogue.js';
export * from './rules.js';
export * from './context.js';
