// GoTrue's error answers. The body carries both formats at once ({code, message} of API
// version 2024-01-01 and the legacy {error_code, msg}), which auth-js parses either way,
// plus the x-sb-error-code header GoTrue always sets.
import type { Context } from 'hono';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const validationFailed = (message: string) => badRequest('validation_failed', message);

const API_VERSION_HEADER = 'X-Supabase-Api-Version';

/** GoTrue echoes a valid API version header back on every answer. */
export function echoApiVersion(c: Context): void {
  const version = c.req.header(API_VERSION_HEADER);
  if (version && /^\d{4}-\d{2}-\d{2}$/.test(version)) c.header(API_VERSION_HEADER, version);
}

export function errorResponse(c: Context, error: AuthError): Response {
  echoApiVersion(c);
  c.header('x-sb-error-code', error.code);
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json({ code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra }, error.status as 400);
}

export function unexpectedFailure(): AuthError {
  return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
}
