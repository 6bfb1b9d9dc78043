/** The sensitive-word check of publishing forms (spec §5): its phase and its message. */
export { PublishCheckMessage } from './PublishCheckMessage';
export { usePublishCheck } from './usePublishCheck';
