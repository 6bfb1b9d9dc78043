/**
 * The route table of a running test server, as the sweeps over every route read it (the hostile
 * input sweep, the authorisation matrix): each method and URL once, HEAD and OPTIONS left out, and
 * the files of the built client (one route each when a build exists, as in CI: they take no input).
 */
import type { RouteInfo, Server } from '../../server/app';

export const routeKey = (r: RouteInfo): string => `${r.method} ${r.url}`;

export const routeTable = (server: Server): RouteInfo[] =>
  [...new Map(server.routes.map((r) => [routeKey(r), r])).values()].filter(
    (r) => r.method !== 'OPTIONS' && r.file !== true,
  );
