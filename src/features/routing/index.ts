export { ErrorPage, ForbiddenPage, NotFoundPage } from './StatusPage';
