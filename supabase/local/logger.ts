export type Logger = {
  error(message: string, extra?: unknown): void;
  info(message: string, extra?: unknown): void;
  debug(message: string, extra?: unknown): void;
};

const LEVELS = { silent: 0, error: 1, info: 2, debug: 3 } as const;

export function createLogger(level: keyof typeof LEVELS): Logger {
  const at = LEVELS[level];
  const write = (min: number, fn: (...a: unknown[]) => void) => (message: string, extra?: unknown) => {
    if (at < min) return;
    if (extra === undefined) fn(message);
    else fn(message, extra);
  };
  return { error: write(1, console.error), info: write(2, console.log), debug: write(3, console.log) };
}
