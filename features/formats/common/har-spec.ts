import { z } from 'zod';

/**
 * The fields HAR 1.2 requires (http://www.softwareishard.com/blog/har-12-spec/), with their
 * types, as a check: an export must pass it, and so must the history's "export as HAR".
 * Optional fields are only type-checked when present; custom `_fields` are allowed.
 */

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const comment = z.string().optional();
const nameValue = z.looseObject({ name: z.string(), value: z.string(), comment });
const cookie = z.looseObject({
  name: z.string(),
  value: z.string(),
  path: z.string().optional(),
  domain: z.string().optional(),
  expires: z.string().nullable().optional(),
  httpOnly: z.boolean().optional(),
  secure: z.boolean().optional(),
  comment,
});
/** -1 where a size or a timing is not known. */
const size = z.number().min(-1);

const postData = z
  .looseObject({
    mimeType: z.string(),
    params: z
      .array(z.looseObject({ name: z.string(), value: z.string().optional(), fileName: z.string().optional(), contentType: z.string().optional(), comment }))
      .optional(),
    text: z.string().optional(),
    comment,
  })
  .refine((data) => (data.text === undefined) !== (data.params === undefined), 'postData has either text or params, not both or neither');

const request = z.looseObject({
  method: z.string(),
  url: z.string(),
  httpVersion: z.string(),
  cookies: z.array(cookie),
  headers: z.array(nameValue),
  queryString: z.array(nameValue),
  postData: postData.optional(),
  headersSize: size,
  bodySize: size,
  comment,
});

const response = z.looseObject({
  status: z.number().int(),
  statusText: z.string(),
  httpVersion: z.string(),
  cookies: z.array(cookie),
  headers: z.array(nameValue),
  content: z.looseObject({
    size: z.number(),
    compression: z.number().optional(),
    mimeType: z.string(),
    text: z.string().optional(),
    encoding: z.string().optional(),
    comment,
  }),
  redirectURL: z.string(),
  headersSize: size,
  bodySize: size,
  comment,
});

const timings = z.looseObject({
  blocked: size.optional(),
  dns: size.optional(),
  connect: size.optional(),
  send: z.number().min(0),
  wait: z.number().min(0),
  receive: z.number().min(0),
  ssl: size.optional(),
  comment,
});

const entry = z
  .looseObject({
    pageref: z.string().optional(),
    startedDateTime: z.string().regex(isoDateTime, 'startedDateTime is an ISO 8601 date-time'),
    time: z.number().min(0),
    request,
    response,
    cache: z.looseObject({ comment }),
    timings,
    serverIPAddress: z.string().optional(),
    connection: z.string().optional(),
    comment,
  })
  // The spec: time is the sum of the timings that are known (not -1); ssl is part of connect.
  .refine((value) => {
    const { blocked = -1, dns = -1, connect = -1, send, wait, receive } = value.timings;
    const known = [blocked, dns, connect, send, wait, receive].filter((part) => part !== -1);
    return Math.abs(known.reduce((sum, part) => sum + part, 0) - value.time) < 1;
  }, 'time is the sum of the known timings');

export const HarSchema = z.looseObject({
  log: z.looseObject({
    version: z.string(),
    creator: z.looseObject({ name: z.string(), version: z.string(), comment }),
    browser: z.looseObject({ name: z.string(), version: z.string(), comment }).optional(),
    pages: z
      .array(z.looseObject({ startedDateTime: z.string().regex(isoDateTime), id: z.string(), title: z.string(), pageTimings: z.looseObject({}), comment }))
      .optional(),
    entries: z.array(entry),
    comment,
  }),
});
export type Har = z.infer<typeof HarSchema>;

/** What keeps a value from being a valid HAR 1.2 log, one line a problem with its path; empty when valid. */
export function harProblems(value: unknown): string[] {
  const result = HarSchema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}
