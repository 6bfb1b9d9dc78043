import { deferOverlay } from './deferredOverlay';
import type { MenuProps } from './MenuRadix';

export type { MenuItemProps, MenuItemSpec, MenuProps } from './MenuRadix';

/** A dropdown menu (Radix): its code loads after the first paint, its trigger is there at once. */
export const Menu = deferOverlay<MenuProps>('menu', () => import('./MenuRadix').then((m) => m.Menu));
