// A moment (a timestamp) in the reader's time zone. The server that renders the estimate link
// page does not know that zone: until the page's script has taken over, the moment is written
// in UTC and says so, the same on the server and in the browser's first pass.
import { useHydrated } from '../../lib/use-hydrated';
import { formatMoment, formatMomentUtc, type MomentStyle } from './format';

export function Moment({ at, style = 'medium' }: { at: string | null | undefined; style?: MomentStyle }) {
  const hydrated = useHydrated();
  return <time dateTime={at ?? undefined}>{hydrated ? formatMoment(at, style) : formatMomentUtc(at, style)}</time>;
}
