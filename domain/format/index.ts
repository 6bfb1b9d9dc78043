/** Format is rules only: pure display and generation helpers with no state of their own. */
export * from './rules.js';
