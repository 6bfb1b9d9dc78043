import type { ReactElement } from 'react';
import { matchPath } from 'react-router';
import { routing } from '../../domain/index.js';
import type { RouteMeta } from '../../infrastructure/platform/routeGuard';
import { ChatListPage, ChatRoomPage } from '../pages/ChatPage';
import { CreatePage } from '../pages/CreatePage';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { ForbiddenPage, NotFoundPage } from '../pages/StatusPage';

export interface PageRoute {
  /** The path below the locale prefix; '' is the index. */
  readonly path: string;
  readonly meta: RouteMeta;
  readonly element: ReactElement;
}

/**
 * Every page once: the router's routes and the route guards' names and meta (spec §2) come from
 * this one table. A route that needs a signed-in person says `requiresAuth: true`.
 */
export const PAGES: readonly PageRoute[] = [
  { path: '', meta: { name: routing.HOME_ROUTE, requiresAuth: false }, element: <CreatePage /> },
  { path: 'create', meta: { name: 'create', requiresAuth: false }, element: <CreatePage /> },
  { path: 'explore', meta: { name: 'explore', requiresAuth: false }, element: <ExplorePage /> },
  { path: 'explore/:tab', meta: { name: 'explore', requiresAuth: false }, element: <ExplorePage /> },
  // Spec §2 character routes: both redirect home unless the tavern permission (cookie enable_tavern) is on.
  { path: 'chat', meta: { name: 'cyberBarPage', requiresAuth: false }, element: <ChatListPage /> },
  { path: 'chat/:characterId', meta: { name: 'aiChat', requiresAuth: false }, element: <ChatRoomPage /> },
  {
    path: routing.LOGIN_ROUTE,
    meta: { name: routing.LOGIN_ROUTE, requiresAuth: false },
    element: <LoginPage />,
  },
  { path: '403', meta: { name: 'forbidden', requiresAuth: false }, element: <ForbiddenPage /> },
];

export const NOT_FOUND: PageRoute = {
  path: '*',
  meta: { name: 'notFound', requiresAuth: false },
  element: <NotFoundPage />,
};

/** The route a path (with or without its locale prefix) lands on. */
export const pageOf = (pathname: string): PageRoute => {
  const bare = routing.splitLocalePath(pathname).rest;
  return PAGES.find((p) => matchPath(`/${p.path}`, bare) !== null) ?? NOT_FOUND;
};
