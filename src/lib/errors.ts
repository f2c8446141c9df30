// SPEC.md §8 in one place: any thrown value → the user message, whether retrying can help,
// a severity title and, when the text carries a 32-character hex reference, a short error ID.

type ErrorKind = 'network' | 'unauthorized' | 'validation' | 'rate-limit' | 'permission' | 'other';

export type CatalogueRow = {
  kind: ErrorKind;
  contains: readonly string[];
  userMessage: string;
  retryable: boolean;
};

// Order matters: the first row whose words appear in the message wins.
export const ERROR_CATALOGUE: readonly CatalogueRow[] = [
  { kind: 'network', contains: ['network', 'fetch'], userMessage: 'Connection issue. Please check your internet and try again.', retryable: true },
  { kind: 'unauthorized', contains: ['unauthorized', 'auth'], userMessage: 'Please sign in again to continue.', retryable: false },
  { kind: 'validation', contains: ['validation', 'invalid'], userMessage: 'Please check your input and try again.', retryable: false },
  { kind: 'rate-limit', contains: ['rate limit', 'too many requests'], userMessage: 'Too many requests. Please wait a moment and try again.', retryable: true },
  { kind: 'permission', contains: ['permission', 'forbidden'], userMessage: "You don't have permission to perform this action.", retryable: false },
];

const FALLBACK_ROW: CatalogueRow = {
  kind: 'other',
  contains: [],
  userMessage: 'Something went wrong. Please try again.',
  retryable: true,
};

// Codes that name their row even when the text has none of the words.
const KNOWN_CODES: Record<string, ErrorKind> = {
  '42501': 'permission',
  PGRST301: 'unauthorized',
  PGRST302: 'unauthorized',
  PGRST303: 'unauthorized',
  bad_jwt: 'unauthorized',
  no_authorization: 'unauthorized',
  session_not_found: 'unauthorized',
  session_expired: 'unauthorized',
  refresh_token_not_found: 'unauthorized',
  refresh_token_already_used: 'unauthorized',
  insufficient_aal: 'unauthorized',
  reauthentication_needed: 'unauthorized',
  user_not_found: 'unauthorized',
  not_admin: 'permission',
  user_banned: 'permission',
  email_address_not_authorized: 'permission',
  signup_disabled: 'permission',
  validation_failed: 'validation',
  bad_json: 'validation',
  invalid_credentials: 'validation',
  weak_password: 'validation',
  email_address_invalid: 'validation',
  email_exists: 'validation',
  phone_exists: 'validation',
  user_already_exists: 'validation',
  same_password: 'validation',
  otp_expired: 'validation',
  mfa_verification_failed: 'validation',
  mfa_challenge_expired: 'validation',
  over_request_rate_limit: 'rate-limit',
  over_email_send_rate_limit: 'rate-limit',
  over_sms_send_rate_limit: 'rate-limit',
  request_timeout: 'network',
};

export type Severity = 'critical' | 'error' | 'warning' | 'info';

export const SEVERITY_TITLES: Record<Severity, string> = {
  critical: 'Critical Error',
  error: 'Error',
  warning: 'Warning',
  info: 'Notice',
};

export type DescribedError = {
  kind: ErrorKind;
  /** What to show: the catalogue message, plus ' (Error ID: xxxxxxxx)' when there is one. */
  message: string;
  userMessage: string;
  retryable: boolean;
  errorId?: string;
  /** The original text, for logs and error reports; never shown as the message. */
  technical: string;
  status?: number;
  code?: string;
};

type ErrorLike = { message?: unknown; code?: unknown; status?: unknown; statusCode?: unknown; name?: unknown };

function fields(error: unknown): { message: string; code?: string; status?: number; name?: string } {
  if (typeof error === 'string') return { message: error };
  if (error && typeof error === 'object') {
    const e = error as ErrorLike;
    const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
    return {
      message: typeof e.message === 'string' ? e.message : String(error),
      code: typeof e.code === 'string' || typeof e.code === 'number' ? String(e.code) : undefined,
      status,
      name: typeof e.name === 'string' ? e.name : undefined,
    };
  }
  return { message: String(error) };
}

function rowOf(kind: ErrorKind): CatalogueRow {
  return ERROR_CATALOGUE.find((row) => row.kind === kind) ?? FALLBACK_ROW;
}

function knownRow(code: string | undefined, status: number | undefined, name: string | undefined): CatalogueRow | undefined {
  if (code && KNOWN_CODES[code]) return rowOf(KNOWN_CODES[code]);
  if (status === 401) return rowOf('unauthorized');
  if (status === 403) return rowOf('permission');
  if (status === 429) return rowOf('rate-limit');
  // supabase-js reports an unreachable server as status 0 with these error classes.
  if (name === 'AuthRetryableFetchError' || name === 'FunctionsFetchError') return rowOf('network');
  return undefined;
}

export function matchCatalogue(message: string): CatalogueRow {
  const text = message.toLowerCase();
  return ERROR_CATALOGUE.find((row) => row.contains.some((word) => text.includes(word))) ?? FALLBACK_ROW;
}

const HEX_32 = /[0-9a-f]{32}/i;

export function errorIdOf(message: string): string | undefined {
  return HEX_32.exec(message)?.[0].slice(0, 8).toLowerCase();
}

export function withErrorId(userMessage: string, errorId: string | undefined): string {
  return errorId ? `${userMessage} (Error ID: ${errorId})` : userMessage;
}

export function describeError(error: unknown): DescribedError {
  const { message, code, status, name } = fields(error);
  const row = knownRow(code, status, name) ?? matchCatalogue(message);
  const errorId = errorIdOf(message);
  return {
    kind: row.kind,
    message: withErrorId(row.userMessage, errorId),
    userMessage: row.userMessage,
    retryable: row.retryable,
    ...(errorId ? { errorId } : {}),
    technical: message,
    ...(status !== undefined ? { status } : {}),
    ...(code !== undefined ? { code } : {}),
  };
}

/** HTTP status of a supabase-js or fetch error, when it has one. */
export function statusOf(error: unknown): number | undefined {
  return fields(error).status;
}
