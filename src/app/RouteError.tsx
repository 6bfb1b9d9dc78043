import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage, ForbiddenPage, NotFoundPage } from '../features/routing';

/**
 * What a route shows when its loader or page fails: the not-found page for a 404 (an unknown
 * address or id), the forbidden page for a 403, else an error with a way to try again.
 */
export const RouteError = () => {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  return <ErrorPage />;
};
