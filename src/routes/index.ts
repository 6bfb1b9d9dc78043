/**
 * Every address of the web client, once: the router's routes and the route guards' names and
 * meta (spec §2) come from this table. Add a screen by adding its module here.
 */
import { characterRoutes } from './characters';
import { chatRoute } from './chat';
import { coinsRoute } from './coins';
import { chatRoomRoute } from './chatRoom';
import { createRoute } from './create';
import { detailRoutes } from './details';
import { decorationsRoute, mallRoute } from './decorations';
import { exploreRoute, exploreSectionRoutes } from './explore';
import { forbiddenRoute } from './forbidden';
import { homeRoute } from './home';
import { forgotPasswordRoute } from './forgotPassword';
import { loginRoute } from './login';
import { postEditorRoute } from './postEditor';
import { pricingRoute } from './pricing';
import { messagesRoute } from './messages';
import { personalRoute } from './personal';
import { resetPasswordRoute } from './resetPassword';
import { searchRoutes } from './search';
import { settingsRoute } from './settings';
import { signUpRoute } from './signUp';
import { toolRoutes, toolsIndexRoute } from './tools';
import { subscriptionRoute } from './subscription';
import { studioRoutes } from './studio';
import { userRoute } from './user';
import { supportRoute } from './support';
import { reportProblemRoute } from './reportProblem';
import { auditRoute } from './audit';
import type { AppRoute } from './types';

export const APP_ROUTES: readonly AppRoute[] = [
  homeRoute,
  createRoute,
  exploreRoute,
  ...exploreSectionRoutes,
  toolsIndexRoute,
  ...toolRoutes,
  chatRoute,
  chatRoomRoute,
  postEditorRoute,
  ...detailRoutes,
  ...searchRoutes,
  ...characterRoutes,
  loginRoute,
  signUpRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  settingsRoute,
  decorationsRoute,
  mallRoute,
  pricingRoute,
  subscriptionRoute,
  coinsRoute,
  ...studioRoutes,
  personalRoute,
  userRoute,
  messagesRoute,
  supportRoute,
  reportProblemRoute,
  auditRoute,
  forbiddenRoute,
];

export { notFound, type AppRoute, type RouteContext } from './types';

/**
 * The translation file of a route (spec §2: loaded by route name and locale): the name of the
 * module in this folder that declares it, the file `scripts/i18n-build.mjs` writes for that module.
 */
const routeModules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./index.ts', '!./types.ts'], {
  eager: true,
});
const FILE_OF = new Map<unknown, string>(
  Object.entries(routeModules).flatMap(([file, exports]) =>
    Object.values(exports)
      .flatMap((value) => (Array.isArray(value) ? (value as unknown[]) : [value]))
      .map((route) => [route, file.slice(2, -3)] as const),
  ),
);
export const translationFileOf = (route: AppRoute): string | undefined => FILE_OF.get(route);
