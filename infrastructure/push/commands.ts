/** Commands of push notifications (spec §6, §9). */
import { defineCommand } from '../store/commands';

// ---- push (spec §6, §9)
/** Asks for permission when not yet decided, then registers the service worker. */
export const enablePush = defineCommand()('push/enable');
