// The aggregation on a fixed data set, every expected figure computed by hand (the working is
// in the comments), including N/A margins, optional items, discounts, expired estimates and an
// empty range.
import { describe, expect, it } from 'vitest';
import { ESTIMATE_STATUSES } from '../../db/collections/estimates';
import { aggregate } from './aggregate';
import { STATUS_ORDER } from './summarize';
import { ANN, BIRCH, BOB, DOCS, HEAT_PUMP, HOUR, Q1, SHINGLES } from './test-data';

describe('aggregate', () => {
  const result = aggregate(DOCS, Q1);

  it('counts pipeline value and count by status (totals with tax, as the list shows them)', () => {
    expect(result.estimates).toBe(7);
    expect(result.pipeline).toEqual([
      { status: 'draft', count: 1, totalCents: 1_000 },
      { status: 'sent', count: 1, totalCents: 0 },
      { status: 'viewed', count: 1, totalCents: 1_083 },
      { status: 'changes_requested', count: 0, totalCents: 0 },
      { status: 'accepted', count: 2, totalCents: 71_000 },
      { status: 'declined', count: 1, totalCents: 55_000 },
      { status: 'expired', count: 1, totalCents: 10_000 },
      { status: 'archived', count: 0, totalCents: 0 },
    ]);
    expect(result.open).toEqual({ count: 2, totalCents: 1_083 });
  });

  it('lists every status of the lifecycle, in its order', () => {
    expect(STATUS_ORDER).toEqual(ESTIMATE_STATUSES);
  });

  it('computes the win rate over accepted, declined and expired estimates', () => {
    // 2 ÷ (2 + 1 + 1)
    expect(result.winRate).toEqual({ accepted: 2, declined: 1, expired: 1, percent: 50 });
  });

  it('sums accepted revenue before tax by month of acceptance, months without any included', () => {
    expect(result.revenue).toEqual({
      accepted: 2,
      revenueCents: 65_000,
      byMonth: [
        { month: '2026-01', accepted: 1, revenueCents: 60_000 },
        { month: '2026-02', accepted: 1, revenueCents: 5_000 },
        { month: '2026-03', accepted: 0, revenueCents: 0 },
      ],
    });
  });

  it('averages and buckets margins, leaving estimates without margin data (N/A) out', () => {
    // 40.0, 52.0, 40.0, −20.0, −20.0 → 92.0 ÷ 5 = 18.4; E4 (no cost) and E6 (no price) are N/A.
    expect(result.margin).toEqual({
      withData: 5,
      withoutData: 2,
      averagePercent: 18.4,
      buckets: [
        { label: 'Below 0%', min: null, max: 0, count: 2 },
        { label: '0–10%', min: 0, max: 10, count: 0 },
        { label: '10–20%', min: 10, max: 20, count: 0 },
        { label: '20–30%', min: 20, max: 30, count: 0 },
        { label: '30–40%', min: 30, max: 40, count: 0 },
        { label: '40–50%', min: 40, max: 50, count: 2 },
        { label: '50% and above', min: 50, max: null, count: 1 },
      ],
    });
  });

  it('gives median and p90 of the time from sent to first view and to acceptance', () => {
    // Views after 6, 24, 48 and 12 hours: median (12 + 24) ÷ 2 = 18 h; p90 at rank 2.7: 24 + 0.7 × 24 = 40.8 h.
    expect(result.timeToView).toEqual({ count: 4, medianMs: 18 * HOUR, p90Ms: 40.8 * HOUR });
    // Acceptances after 48 and 96 hours: median 72 h; p90 at rank 0.9: 48 + 0.9 × 48 = 91.2 h.
    expect(result.timeToAccept).toEqual({ count: 2, medianMs: 72 * HOUR, p90Ms: Math.round(91.2 * HOUR) });
  });

  it('ranks products of accepted work by revenue and by margin, the estimate discount spread over the lines', () => {
    // E2's $10 discount over $40 shingles and a $20 site visit: 666.67 ¢ and 333.33 ¢, the
    // cent left to the larger remainder → 667 ¢ and 333 ¢. Shingles: $100 + $33.33, cost $60 + $24.
    expect(result.topByRevenue).toEqual([
      { key: HEAT_PUMP, name: 'Heat pump', estimates: 1, revenueCents: 50_000, costCents: 30_000, marginCents: 20_000, marginPercent: 40 },
      { key: SHINGLES, name: 'Shingles', estimates: 2, revenueCents: 13_333, costCents: 8_400, marginCents: 4_933, marginPercent: 37 },
      { key: 'custom:site visit', name: 'Site visit', estimates: 1, revenueCents: 1_667, costCents: 0, marginCents: null, marginPercent: null },
    ]);
    // The site visit has no cost: no margin data, not ranked by margin.
    expect(result.topByMargin?.map((p) => [p.name, p.marginCents])).toEqual([
      ['Heat pump', 20_000],
      ['Shingles', 4_933],
    ]);
  });

  it('follows the funnel from request to accepted estimate', () => {
    // R1, R2 and R4 came in the range (R3 before it); E5 is the only estimate never sent.
    expect(result.funnel).toEqual([
      { step: 'requests', count: 3 },
      { step: 'estimates', count: 7 },
      { step: 'sent', count: 6 },
      { step: 'accepted', count: 2 },
    ]);
  });

  it('gives each owner estimates, win rate, revenue and average margin', () => {
    expect(result.owners).toEqual([
      // E1, E3, E4: 1 of 3 decided = 33.3 %; margins 40.0 and 40.0 (E4 N/A).
      { ownerId: ANN, name: 'Ann Lee', estimates: 3, accepted: 1, decided: 3, winRatePercent: 33.3, revenueCents: 60_000, averageMarginPercent: 40 },
      // E2, E5, E6: 1 of 1 decided; margins 52.0 and −20.0 → 16.0.
      { ownerId: BOB, name: 'Bob Ray', estimates: 3, accepted: 1, decided: 1, winRatePercent: 100, revenueCents: 5_000, averageMarginPercent: 16 },
      { ownerId: null, name: 'Unassigned', estimates: 1, accepted: 0, decided: 0, winRatePercent: null, revenueCents: 0, averageMarginPercent: -20 },
    ]);
  });

  it('filters by owner and by account, requests included', () => {
    const bob = aggregate(DOCS, { ...Q1, ownerId: BOB });
    expect(bob.estimates).toBe(3);
    expect(bob.revenue.revenueCents).toBe(5_000);
    // R1 became Ann's estimate; the others were never converted.
    expect(bob.funnel[0]).toEqual({ step: 'requests', count: 0 });
    const birch = aggregate(DOCS, { ...Q1, accountId: BIRCH });
    expect(birch.pipeline.filter((r) => r.count > 0).map((r) => r.status)).toEqual(['draft', 'accepted']);
    // R2 was sent by a person of Birch.
    expect(birch.funnel[0]).toEqual({ step: 'requests', count: 1 });
    expect(birch.margin?.averagePercent).toBe(16);
  });

  it('answers an empty range with zeros and no rates', () => {
    const empty = aggregate(DOCS, { ...Q1, from: new Date(2025, 5, 1).getTime(), to: new Date(2025, 6, 1).getTime() });
    expect(empty.estimates).toBe(0);
    expect(empty.winRate.percent).toBeNull();
    expect(empty.margin).toEqual(expect.objectContaining({ withData: 0, withoutData: 0, averagePercent: null }));
    expect(empty.timeToView).toEqual({ count: 0, medianMs: null, p90Ms: null });
    expect(empty.revenue).toEqual({ accepted: 0, revenueCents: 0, byMonth: [{ month: '2025-06', accepted: 0, revenueCents: 0 }] });
    expect(empty.topByRevenue).toEqual([]);
    expect(empty.owners).toEqual([]);
    expect(empty.funnel.map((s) => s.count)).toEqual([0, 0, 0, 0]);
  });

  it('leaves every cost and margin out when they are not to be shown', () => {
    const viewer = aggregate(DOCS, { ...Q1, withMargins: false });
    expect(viewer.margin).toBeNull();
    expect(viewer.topByMargin).toBeNull();
    expect(viewer.topByRevenue.map((p) => [p.costCents, p.marginCents, p.marginPercent])).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    expect(viewer.owners.map((o) => o.averageMarginPercent)).toEqual([null, null, null]);
    // Everything else is the same.
    expect({ ...viewer, margin: null, topByMargin: null, topByRevenue: [], owners: [] }).toEqual({ ...result, withMargins: false, margin: null, topByMargin: null, topByRevenue: [], owners: [] });
  });
});
