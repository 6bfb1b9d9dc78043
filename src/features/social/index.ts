/**
 * Social: the like, collect and follow buttons other features put on their cards and detail
 * pages, and the header's message bell (pages load by their routes from ./pages).
 */
export { LikeButton } from './LikeButton';
export type { LikeButtonProps } from './LikeButton';
export { CollectButton } from './CollectButton';
export type { CollectButtonProps } from './CollectButton';
export { FollowButton } from './FollowButton';
export type { FollowButtonProps } from './FollowButton';
export { MessagesBell } from './MessagesBell';
