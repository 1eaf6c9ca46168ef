import { z } from 'zod';
import { ById, Id, NoInput, type ChannelSchemas, type PushSchemas } from '../../../base/common/contract.ts';
import { LABEL_MAX } from '../../history/common/history.ts';
import {
  MAX_BATCH_CHARS,
  MAX_PSEUDONYM_ORIGINS,
  PSEUDONYM_ORIGIN_MAX,
  SendProgressSchema,
  StartResultSchema,
  SubmissionSummarySchema,
  SubmissionViewSchema,
  UnansweredChoiceSchema,
} from '../../history/common/submission.ts';

export const sendingChannels = {
  /**
   * `label`: the new submission's, from its start (a replay names what it replays).
   * `pseudonymizedFrom`: the original customer and device ids the batch was pseudonymized from,
   * kept in the history only (searchable, never sent).
   */
  'send:start': {
    input: z.object({
      environmentId: Id,
      batchText: z.string().max(MAX_BATCH_CHARS),
      again: z.boolean(),
      label: z.string().max(LABEL_MAX).optional(),
      pseudonymizedFrom: z.array(z.string().max(PSEUDONYM_ORIGIN_MAX)).max(MAX_PSEUDONYM_ORIGINS).optional(),
    }),
    output: StartResultSchema,
  },
  'send:cancel': { input: z.object({ submissionId: Id }), output: z.null() },
  /** `unanswered`: what to do with chunks that went out without an answer; without it, a resume with such chunks is refused (resume-unanswered). */
  'send:resume': { input: z.object({ submissionId: Id, unanswered: UnansweredChoiceSchema.optional() }), output: SubmissionSummarySchema },
  'submissions:get': { input: ById, output: SubmissionViewSchema.nullable() },
  /** Sends the last run left unfinished (a crash, a kill), as this run found them. */
  'submissions:interrupted': { input: NoInput, output: z.array(SubmissionViewSchema) },
  // Main writes the command to the clipboard itself: a copy with secrets never reaches the page. The chunk is the one that begins at `firstEvent`.
  'submissions:copyCurl': { input: z.object({ id: Id, firstEvent: z.number().int().min(0), withSecrets: z.boolean() }), output: z.null() },
} as const satisfies ChannelSchemas;

export const sendingPushes = {
  'send:progress': SendProgressSchema,
} as const satisfies PushSchemas;
