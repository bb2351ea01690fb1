import { type NextFunction, type Request, type Response } from 'express';
import { type Metrics, UNMATCHED_ROUTE } from './metrics.service';

/**
 * The route a request is counted under: the template it matched (`/api/signatures/:id`), never its path. What
 * matched no API route is `unmatched`; the user pool's calls are `/cognito`, the front ends' files `web`.
 */
export function routeTemplate(request: Request): string {
  const path = request.originalUrl;
  const under = (prefix: string) =>
    path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
  if (under('/cognito')) return '/cognito';
  if (!under('/api')) return 'web';
  // The API's routes are the application's own (Nest registers each with its whole template).
  const route: unknown = (request as { route?: { path?: unknown } }).route?.path;
  return typeof route === 'string' ? `${request.baseUrl}${route}` : UNMATCHED_ROUTE;
}

/** Times every HTTP answer into `http_request_duration_seconds` once it is sent (or the client went away). */
export function recordHttpMetrics(metrics: Metrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    let recorded = false;
    const record = (): void => {
      if (recorded) return;
      recorded = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeHttp(routeTemplate(request), request.method, response.statusCode, seconds);
    };
    response.once('finish', record);
    response.once('close', record);
    next();
  };
}
