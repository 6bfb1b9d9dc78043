/**
 * `atelier/domain`: the pure domain of Atelier. Import contexts through their namespaces
 * (`tasks`, `billing`, ...) or the root (`evolve`, `replay`, `invariantRegistry`).
 */
export * from './kernel/event.js';
export * from './kernel/invariant.js';
export * from './kernel/context.js';
export * from './kernel/log.js';
export * from './kernel/redact.js';
export * from './kernel/memo.js';
export * from './kernel/replay.js';
export * from './kernel/incremental.js';
export * from './kernel/diff.js';
export * from './kernel/table.js';
export * from './kernel/retryAfter.js';
export * from './root.js';
export * from './audit.js';
export * as tasks from './tasks/index.js';
export * as billing from './billing/index.js';
export * as notices from './notices/index.js';
export * as session from './session/index.js';
export * as popups from './popups/index.js';
export * as social from './social/index.js';
export * as feed from './feed/index.js';
export * as messages from './messages/index.js';
export * as decorations from './decorations/index.js';
export * as editor from './editor/index.js';
export * as chat from './chat/index.js';
export * as characters from './characters/index.js';
export * as audio from './audio/index.js';
export * as tracking from './tracking/index.js';
export * as tour from './tour/index.js';
export * as campaigns from './campaigns/index.js';
export * as support from './support/index.js';
export * as payment from './payment/index.js';
export * as routing from './routing/index.js';
export * as format from './format/index.js';
export * as images from './images/index.js';
export * as uploads from './uploads/index.js';
export * as errors from './errors/index.js';
export * as moderation from './moderation/index.js';
export * as flags from './tracking/flags.js';
export * as preferences from './preferences/index.js';
export * as captcha from './captcha/index.js';
export * as details from './details/index.js';
export * as search from './search/index.js';
export * as studio from './studio/index.js';
export * as people from './people/index.js';
export * as posts from './posts/index.js';
