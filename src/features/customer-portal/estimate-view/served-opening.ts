// The server's answer to the opening call, carried in the page it rendered (issue 12: the
// customer sees the estimate as soon as the HTML arrives). The server writes it as a JSON data
// block beside the rendered HTML; the browser reads it back, checks it with the same schema as
// any answer, and starts from it, so its first render matches the HTML.
import { customerEstimateSchema, type CustomerEstimate } from './schemas';

const ELEMENT_ID = 'estimate-opening';

type Served = { token: string; answer: unknown };

/** A data block (not run as script, so the page's security policy allows it) safe to place in HTML. */
export function servedOpeningScript(token: string, answer: unknown): string {
  const json = JSON.stringify({ token, answer } satisfies Served)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${ELEMENT_ID}">${json}</script>`;
}

/** The answer as the page shows it; undefined when it is not one (the page then calls as usual). */
export function parseOpening(answer: unknown): CustomerEstimate | null | undefined {
  const parsed = customerEstimateSchema.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}

/** The server's answer for `token` in this page, if the page came rendered with one. */
export function readServedOpening(token: string, doc: Document = document): CustomerEstimate | null | undefined {
  const text = doc.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const served = JSON.parse(text) as Served;
    return served.token === token ? parseOpening(served.answer) : undefined;
  } catch {
    return undefined;
  }
}
