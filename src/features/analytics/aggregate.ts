// The pure aggregation: the organization's documents and a query in, every figure of the
// analytics page out. One pass builds the facts (each estimate's figures through
// estimateFigures) and summarizes them; the worker keeps the facts between passes so a range
// change or a synced document costs only the summary or one estimate's fact.
import { buildFacts, type AnalyticsDocs } from './facts';
import { summarize, type AnalyticsQuery, type AnalyticsResult } from './summarize';

export function aggregate(docs: AnalyticsDocs, query: AnalyticsQuery): AnalyticsResult {
  return summarize(buildFacts(docs), query);
}
