import { z } from 'zod';

/**
 * Background work as operators see it. GET /api/operator/jobs (X-Operator-Key): jobs waiting for a retry or
 * failed for good (pg-boss), newest first.
 */
export const jobProblem = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(['retry', 'failed']),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  /** ISO time of the next attempt (retry) or when the job was due (failed). */
  startAfter: z.string(),
  createdOn: z.string(),
  error: z.string().nullable(),
});
export const jobsAnswer = z.object({ problems: z.array(jobProblem) });

/**
 * GET /api/operator/outbox (X-Operator-Key): undelivered domain events and the deliveries that failed at
 * least once and are still retrying, oldest first.
 */
export const outboxDelivery = z.object({
  eventId: z.number().int(),
  topic: z.string(),
  handler: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAt: z.string(),
  createdAt: z.string(),
});
export const outboxAnswer = z.object({
  undispatched: z.number().int(),
  undelivered: z.number().int(),
  failing: z.array(outboxDelivery),
});
