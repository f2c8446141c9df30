// Errors in PostgREST's shape ({code, details, hint, message}) and its SQLSTATE → HTTP
// status mapping (PostgREST src/library/PostgREST/Error.hs, mapSQLtoHTTP).
import { z } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    /** Response headers the error asks for (RAISE SQLSTATE 'PGRST', Retry-After on 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

type PgError = { code?: string; message?: string; detail?: string; hint?: string };

export function isPgError(error: unknown): error is PgError & Error {
  return error instanceof Error && typeof (error as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((error as PgError).code!);
}

function statusForSqlState(code: string, role: string | undefined): number {
  if (code === '23505' || code === '23503') return 409;
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '42P01' || code === '42883') return 404;
  if (code === 'P0001') return 400;
  if (code === '25006') return 405;
  if (code === '53400') return 500;
  if (code === '42P17') return 500;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const two = code.slice(0, 2);
  if (two === '08' || two === '53') return 503;
  if (['0L', '0P', '28'].includes(two)) return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', 'F0', 'HV', 'P0', 'XX'].includes(two)) return 500;
  if (['54', '55', '56', '57', '58'].includes(two)) return 500;
  return 400;
}

const RaisedMessage = z.object({
  code: z.string(),
  message: z.string(),
  details: z.string().nullish(),
  hint: z.string().nullish(),
});
const RaisedDetail = z.object({
  status: z.number().int().min(100).max(599),
  status_text: z.string().optional(),
  headers: z.record(z.string(), z.string()),
});

function parseRaised<T>(schema: z.ZodType<T>, text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PostgREST's full response control: RAISE SQLSTATE 'PGRST' with the body as JSON in MESSAGE
 * ({code, message, details?, hint?}) and the status and headers as JSON in DETAIL
 * ({status, headers, status_text?}); a malformed one is PostgREST's 500 PGRST121.
 */
export function raisedPgrstError(error: PgError): ApiError {
  const body = parseRaised(RaisedMessage, error.message);
  if (!body) {
    return new ApiError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', `Invalid JSON value for MESSAGE: '${error.message ?? ''}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.");
  }
  const detail = parseRaised(RaisedDetail, error.detail);
  if (!detail) {
    const details = error.detail === undefined ? 'DETAIL is missing in the RAISE statement' : `Invalid JSON value for DETAIL: '${error.detail}'`;
    return new ApiError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', details,
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.");
  }
  return new ApiError(detail.status, body.code, body.message, body.details ?? null, body.hint ?? null, detail.headers);
}

/** Converts anything thrown while serving a request into an ApiError. */
export function toApiError(error: unknown, role?: string): ApiError {
  if (error instanceof ApiError) return error;
  if (isPgError(error)) {
    const code = error.code!;
    if (code === 'PGRST') return raisedPgrstError(error);
    if (code === '22023' && /role .* does not exist/.test(error.message ?? '')) {
      return new ApiError(401, code, error.message, error.detail ?? null, error.hint ?? null);
    }
    return new ApiError(statusForSqlState(code, role), code, error.message ?? 'Database error', error.detail ?? null, error.hint ?? null);
  }
  return new ApiError(500, 'PGRST000', 'Internal server error');
}
