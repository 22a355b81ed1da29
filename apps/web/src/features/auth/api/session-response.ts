import { sessionResponseSchema } from '@carcare/contracts/auth';
import { errorResponseSchema } from '@carcare/contracts/http';
import { z } from 'zod';

/** Login and registration answer with a session, or (SPEC section 8) a `success: false` message. */
export const sessionOrFailureSchema = z.union([sessionResponseSchema, errorResponseSchema]);
export type SessionOrFailure = z.infer<typeof sessionOrFailureSchema>;
