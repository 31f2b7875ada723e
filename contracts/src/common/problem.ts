import { z } from 'zod';

/** RFC 9457 problem document, plus `message` (what the client reads) and `code`. */
export const problemDocument = z.object({
  type: z.string().default('about:blank'),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  message: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ProblemDocument = z.infer<typeof problemDocument>;
