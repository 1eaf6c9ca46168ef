import { z } from 'zod';

/** A login as the renderer sees it: who, where, until when. Never a token. */
export const SessionViewSchema = z.object({
  environmentId: z.string(),
  username: z.string(),
  state: z.enum(['active', 'expired']),
  loggedInAt: z.string(),
  /** ISO 8601 instant. */
  expiresAt: z.string(),
  /** The same instant as the server writes it, in the environment's time zone. */
  serverExpiry: z.string(),
  timeZone: z.string(),
  /** How expires_in was read: the specified date-time, or seconds (then the UI says so). */
  expiresReadAs: z.enum(['date-time', 'seconds']),
  /** The password is remembered, so EventDesk renews the login by itself before it expires. */
  autoRenew: z.boolean(),
});
export type SessionView = z.infer<typeof SessionViewSchema>;

export const SessionEventSchema = z.object({
  environmentId: z.string(),
  session: SessionViewSchema.nullable(),
  reason: z.enum(['logged-in', 'renewed', 'needs-login', 'expired', 'logged-out', 'renewal-failed']),
  message: z.string().optional(),
});
export type SessionEvent = z.infer<typeof SessionEventSchema>;

export const LoginInputSchema = z.object({
  environmentId: z.string().max(200),
  username: z.string().min(1, 'Enter the username.').max(256),
  /** Absent to use the remembered password. */
  password: z.string().max(4096).optional(),
  rememberPassword: z.boolean(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;
