/** The moderation context is rules only: the sensitive-word decision and the rich-text policy. */
export * from './rules.js';
