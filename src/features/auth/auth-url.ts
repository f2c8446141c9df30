/** Whether a URL carries what an auth e-mail link hands to supabase-js: a code, tokens or an error. */
export function carriesAuthParams(url: { search: string; hash: string }): boolean {
  return /[?&](code|error|error_description|token_hash)=/.test(url.search) || /(access_token|error_description|error_code)=/.test(url.hash);
}
