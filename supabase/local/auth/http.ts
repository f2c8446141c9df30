// Request helpers: JSON bodies as GoTrue reads them, typed field access, the client's IP.
import type { Context } from 'hono';
import { clientAddress } from '../client-address';
import { parseJsonWithin } from '../json-limits';
import { AuthError, validationFailed } from './errors';

export type Body = Record<string, unknown>;

/** An empty body is `{}`; anything that is not a JSON object is 400 bad_json. */
export async function readJson(c: Context): Promise<Body> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = parseJsonWithin(text);
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return parsed as Body;
}

export function str(body: Body, key: string): string {
  const value = body[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw validationFailed(`${key} must be a string`);
  return value;
}

export function bool(body: Body, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw validationFailed(`${key} must be a boolean`);
  return value;
}

export function obj(body: Body, key: string): Record<string, unknown> | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw validationFailed(`${key} must be an object`);
  return value as Record<string, unknown>;
}

/** The client address the server computed (client-address.ts); '' only when unknown. */
export function clientIp(c: Context): string {
  return clientAddress(c);
}

export function userAgent(c: Context): string | null {
  return c.req.header('user-agent') ?? null;
}
