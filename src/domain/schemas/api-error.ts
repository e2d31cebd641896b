import { z } from 'zod';

// ARCHITECTURE "Errors": every failure leaves the server in this one shape.
export const apiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** The body of every 4xx answer, as route schemas declare it (so /api/docs shows each route's failures). */
export const errorResponse = apiErrorBody.describe(
  'An expected failure: a code, a message fit to show, and fields',
);
