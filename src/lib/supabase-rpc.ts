// An RPC call for an anonymous visitor (the customer's token pages, /requests, the portals):
// the same POST /rest/v1/rpc/{fn} that supabase-js sends with the anon key, answered in the
// shape postgrest-js gives ({ data, error, status }; a network failure is status 0 with the
// error's name and message), without downloading supabase-js for it.
import type { RuntimeConfig } from './runtime-config';

export type RpcAnswer = { data: unknown; error: { message: string; code?: string; details?: string; hint?: string } | null; status: number };

function errorFromBody(body: string): RpcAnswer['error'] {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') return parsed as RpcAnswer['error'];
    return { message: body };
  } catch {
    return { message: body };
  }
}

export async function anonymousRpc(config: RuntimeConfig, fn: string, args: Record<string, unknown>, fetchImpl: typeof fetch = fetch): Promise<RpcAnswer> {
  let response: Response;
  try {
    response = await fetchImpl(`${config.supabaseUrl}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
  } catch (error) {
    const e = error as { name?: string; message?: string; stack?: string } | null;
    return { data: null, error: { message: `${e?.name ?? 'FetchError'}: ${e?.message ?? ''}`, details: e?.stack ?? '', hint: '', code: '' }, status: 0 };
  }
  const body = await response.text();
  if (!response.ok) {
    if (response.status === 404 && body === '') return { data: null, error: null, status: 204 };
    return { data: null, error: errorFromBody(body), status: response.status };
  }
  if (body === '') return { data: null, error: null, status: response.status };
  try {
    return { data: JSON.parse(body) as unknown, error: null, status: response.status };
  } catch {
    return { data: null, error: { message: body }, status: response.status };
  }
}
