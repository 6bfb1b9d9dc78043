/**
 * Every address of the web client, once: the router's routes and the route guards' names and
 * meta (spec §2) come from this table. Add a screen by adding its module here.
 */
import { characterRoutes } from './characters';
import { chatRoute } from './chat';
import { chatRoomRoute } from './chatRoom';
import { createRoute } from './create';
import { exploreRoute, exploreSectionRoutes } from './explore';
import { forbiddenRoute } from './forbidden';
import { homeRoute } from './home';
import { forgotPasswordRoute } from './forgotPassword';
import { loginRoute } from './login';
import { resetPasswordRoute } from './resetPassword';
import { settingsRoute } from './settings';
import { signUpRoute } from './signUp';
import type { AppRoute } from './types';

export const APP_ROUTES: readonly AppRoute[] = [
  homeRoute,
  createRoute,
  exploreRoute,
  ...exploreSectionRoutes,
  chatRoute,
  chatRoomRoute,
  ...characterRoutes,
  loginRoute,
  signUpRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  settingsRoute,
  forbiddenRoute,
];

export { notFound, type AppRoute, type RouteContext } from './types';
