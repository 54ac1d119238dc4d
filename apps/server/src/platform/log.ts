import { stdSerializers } from 'pino';

/** Drizzle writes a failed query's parameters into the error's message and stack ("\nparams: …"). */
const PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

/**
 * The error serializer of every log line. Query parameters carry password and token hashes, CPFs and payout
 * keys: they never reach the logs. The SQL text itself stays, it is what an engineer needs.
 */
export function serializeError(err: Error): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  const out = stdSerializers.err(err) as unknown as Record<string, unknown>;
  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(PARAMS, '\nparams: [redacted]');
    if (value && typeof value === 'object') {
      const copy: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === 'params' || k === 'parameters') copy[k] = '[redacted]';
        else copy[k] = scrub(v);
      }
      return copy;
    }
    return value;
  };
  return scrub(out) as ReturnType<typeof serializeError>;
}

/**
 * A limit on repeated log lines: `limited(key, write)` calls `write` for the first line of `key` in each
 * interval and drops the rest, and the next line written says how many it left out (`suppressed`). For
 * lines that an outsider can trigger at will (floods, refused connections), so that they cannot fill the
 * disk or drown the other lines. Keys are a small fixed set (one per kind of line).
 */
export function limitLog(intervalMs = 60_000) {
  const state = new Map<string, { until: number; suppressed: number }>();
  return (key: string, write: (extra: { suppressed?: number }) => void) => {
    const now = Date.now();
    const seen = state.get(key);
    if (seen && now < seen.until) {
      seen.suppressed += 1;
      return;
    }
    write(seen?.suppressed ? { suppressed: seen.suppressed } : {});
    state.set(key, { until: now + intervalMs, suppressed: 0 });
  };
}
