// Tooltips open after 700 ms; once one has been shown, another opened within 300 ms of it
// closing opens at once (SPEC.md §9), so moving along a toolbar does not wait each time.
const TOOLTIP_OPEN_DELAY_MS = 700;
const TOOLTIP_SKIP_WINDOW_MS = 300;

export type TooltipTiming = {
  openDelay(now: number): number;
  closed(now: number): void;
};

export function createTooltipTiming(openDelayMs = TOOLTIP_OPEN_DELAY_MS, skipWindowMs = TOOLTIP_SKIP_WINDOW_MS): TooltipTiming {
  let lastClosedAt = Number.NEGATIVE_INFINITY;
  return {
    openDelay: (now) => (now - lastClosedAt <= skipWindowMs ? 0 : openDelayMs),
    closed: (now) => {
      lastClosedAt = now;
    },
  };
}

/** Shared by every tooltip of the page. */
export const tooltipTiming = createTooltipTiming();
