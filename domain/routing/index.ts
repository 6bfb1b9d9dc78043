/** Routing is rules only: the guards decide, the router adapter performs. It has no state of its own. */
export * from './rules.js';
