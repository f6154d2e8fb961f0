import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { defaultErrorMessages } from '#src/core/http/default-error-messages';
import { ErrorScreen } from './error-screen';

/** SPEC.md section 8: an unmatched route ('Cannot match' / no match) shows the 404 page. */
export function routeErrorStatus(error: unknown): 401 | 403 | 404 | 500 {
  if (isRouteErrorResponse(error)) {
    if (error.status === 401 || error.status === 403 || error.status === 404) return error.status;
    return 500;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/Cannot match|No route matches/i.test(message)) return 404;
  return 500;
}

/** The error element of the routes: the full-screen page for the route's status. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const status = routeErrorStatus(error);
  if (status === 500 && import.meta.env.DEV) console.error(error);
  return (
    <ErrorScreen
      status={status}
      {...defaultErrorMessages[status]}
      hideCloseIcon
      onHome={() => navigate('/')}
    />
  );
}
