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
