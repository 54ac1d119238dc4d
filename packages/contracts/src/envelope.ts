import { z } from 'zod';

/** Every JSON answer: `{ status, message, data }`; status 0 is success. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), message: z.string(), data });

export type Envelope<T> = { status: number; message: string; data: T };

/** The body of every error answer. */
export const errorEnvelope = z.object({ status: z.number().int(), message: z.string(), data: z.null() });
