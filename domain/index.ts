/**
 * `atelier/domain`: the pure domain of Atelier. Import contexts through their namespaces
 * (`tasks`, `billing`, ...) or the root (`evolve`, `replay`, `invariantRegistry`).
 */
export * from './kernel/event.js';
export * from './kernel/invariant.js';
export * from './kernel/context.js';
export * from './kernel/log.js';
export * from './kernel/replay.js';
export * from './root.js';
export * as tasks from './tasks/index.js';
export * as billing from './billing/index.js';
export * as notices from './notices/index.js';
export * as session from './session/index.js';
