import { z } from 'zod';

/**
 * What a scenario's step made of the send it made (issue #32): kept in History beside the
 * server's answer, because a 422 a negative test expects is a step that passed, not a send
 * that failed. Recent sends, History and `eventdesk history` say it in the same words.
 */

/** The longest reason kept: a `received` difference can be long, and History shows the start. */
export const STEP_VERDICT_REASON_MAX = 2000;

export const StepVerdictSchema = z.object({
  passed: z.boolean(),
  /** The status the step expected the send to end with (a negative test's 422); null: every chunk accepted. */
  expectedStatus: z.number().int().nullable(),
  /** The status the send ended with, as the step read it; null when no answer came. */
  endStatus: z.number().int().nullable(),
  /** Why the step failed, as the run reported it (masked); null when it passed. */
  reason: z.string().max(STEP_VERDICT_REASON_MAX).nullable(),
});
export type StepVerdict = z.infer<typeof StepVerdictSchema>;

const refusal = (status: number | null) => status !== null && (status < 200 || status > 299);

/** "expected refusal · passed", "step passed", "step failed: expected 422, got 201" or "step failed". */
export function stepVerdictText(verdict: StepVerdict): string {
  if (verdict.passed) return refusal(verdict.expectedStatus) ? 'expected refusal · passed' : 'step passed';
  if (verdict.expectedStatus !== null && verdict.endStatus !== verdict.expectedStatus)
    return `step failed: expected ${verdict.expectedStatus}, got ${verdict.endStatus ?? 'no answer'}`;
  return 'step failed';
}

/** True when the step passed although the server refused: its status is no failure of the user's. */
export function refusalExpected(verdict: Pick<StepVerdict, 'passed' | 'expectedStatus'> | undefined): boolean {
  return verdict?.passed === true && refusal(verdict.expectedStatus);
}
