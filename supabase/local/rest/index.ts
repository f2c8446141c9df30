import { Hono } from 'hono';
import type { LocalContext } from '../context';

export function restRoutes(_ctx: LocalContext): Hono {
  return new Hono();
}
