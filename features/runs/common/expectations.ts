import { eventPlace } from '../../../base/common/event-place.ts';
import { NONE_UNLISTED, problemCounts, UNLISTED_CODE, type Unlisted } from '../../plans/common/plan-diagnostics.ts';
import { VIOLATION_KINDS } from '../../plans/common/plan.ts';
import { plural } from '../../../base/common/plural.ts';
import { STEP_VERDICT_REASON_MAX, type StepVerdict } from '../../history/common/step-verdict.ts';
import type { SubmissionView } from '../../history/common/submission.ts';
import type { Diagnostic } from '../../validation/common/validation.ts';
import type { Expectation } from '../../workspace/common/scenario.ts';

/**
 * What a send step must show, and the reasons it did not. Unset, a step expects every chunk
 * accepted and no validation errors. A `status` replaces the outcome (a negative test: the
 * batch is sent even with validation errors, and validation is not checked unless it says so).
 */

export interface Expectations {
  accepted: boolean;
  status: number | null;
  eventsAccepted: number | null;
  validation: 'no-errors' | 'no-plan-violations' | 'any';
  received: boolean;
  /** Send even though the batch has validation errors: a negative test means to. */
  force: boolean;
}

export function expectationsOf(expect: Expectation = {}): Expectations {
  const negative = expect.status !== undefined;
  return {
    accepted: expect.outcome === 'accepted' || !negative,
    status: expect.status ?? null,
    eventsAccepted: expect.accepted ?? null,
    validation: expect.validation ?? (negative ? 'any' : 'no-errors'),
    received: expect.received === 'same',
    force: negative,
  };
}

/** What validation found in the resolved batch, the environment's rules and tracking plan applied. */
export interface ValidationCounts {
  errors: number;
  warnings: number;
  /** Breaks of the tracking plan's rules, errors and warnings alike. */
  planViolations: number;
  /** The first problems, as people read them ("event 2 (/1/svc_id): ..."), for a reason. */
  first: string[];
}

/** How a send ended, from the History's record of it. */
export interface SentOutcome {
  submissionId: string;
  /** Every chunk accepted (2xx). */
  allAccepted: boolean;
  /** The status the send ended with: the first refused chunk's last answer, else the last chunk's; null when no answer came. */
  endStatus: number | null;
  /** Each chunk's last answer, in event order. */
  statuses: (number | null)[];
  eventsSent: number;
  eventsAccepted: number;
  /** Why the send failed, as History says it (the first failed chunk's error); null when it did not. */
  problem: string | null;
}

/** Why the batch may not go out, or null: checked before sending. */
export function validationFailure(expectations: Expectations, counts: ValidationCounts): string | null {
  const first = counts.first.length > 0 ? ` First: ${counts.first.join('; ')}.` : '';
  if (expectations.validation === 'no-plan-violations' && counts.planViolations > 0) {
    return `validation: the batch breaks the tracking plan (${plural(counts.planViolations, 'violation')}).${first}`;
  }
  if (expectations.validation !== 'any' && counts.errors > 0)
    return `validation: the batch has ${plural(counts.errors, 'error')}, so nothing was sent.${first}`;
  if (counts.errors > 0 && !expectations.force)
    return `validation: the batch has ${plural(counts.errors, 'error')}, so nothing was sent (expect a status to send a bad batch on purpose).${first}`;
  return null;
}

/** Why the send's outcome is not what the step expects; empty when it is. */
export function outcomeFailures(expectations: Expectations, sent: SentOutcome): string[] {
  const reasons: string[] = [];
  const statuses = sent.statuses.map((status) => status ?? 'no answer').join(', ');
  if (expectations.accepted && !sent.allAccepted) {
    reasons.push(
      `outcome: expected every chunk accepted, but ${sent.problem ?? `the send ended with ${sent.endStatus ?? 'no answer'}`} (answers: ${statuses})`,
    );
  }
  if (expectations.status !== null && sent.endStatus !== expectations.status) {
    reasons.push(`status: expected ${expectations.status}, the send ended with ${sent.endStatus ?? 'no answer'} (answers: ${statuses})`);
  }
  if (expectations.eventsAccepted !== null && sent.eventsAccepted !== expectations.eventsAccepted) {
    reasons.push(
      `accepted: expected ${plural(expectations.eventsAccepted, 'event')} accepted, the server accepted ${sent.eventsAccepted.toLocaleString('en')} of ${sent.eventsSent.toLocaleString('en')}`,
    );
  }
  return reasons;
}

/** How many problems to name in a reason. */
const FIRST_PROBLEMS = 3;

/** Validation's diagnostics (with the plan's, when there is one) counted for the step's expectations. */
export function validationCounts(diagnostics: readonly Diagnostic[], unlisted: Unlisted = NONE_UNLISTED): ValidationCounts {
  const listed = diagnostics.filter((diagnostic) => diagnostic.code !== UNLISTED_CODE);
  const errors = listed.filter((diagnostic) => diagnostic.severity === 'error');
  const { errors: errorCount, warnings } = problemCounts(diagnostics, unlisted);
  return {
    errors: errorCount,
    warnings,
    planViolations: listed.filter((diagnostic) => (VIOLATION_KINDS as readonly string[]).includes(diagnostic.code)).length + unlisted.unreported,
    first: [...errors, ...listed.filter((diagnostic) => diagnostic.severity !== 'error')]
      .slice(0, FIRST_PROBLEMS)
      .map((diagnostic) => `${diagnostic.path ? `${eventPlace(diagnostic.path)}: ` : ''}${diagnostic.message}`),
  };
}

/** How a send ended, read from its record in History. */
export function sentOutcomeOf(submission: SubmissionView): SentOutcome {
  const { chunks } = submission;
  const refused = chunks.find((chunk) => chunk.status !== 'ok');
  return {
    submissionId: submission.id,
    allAccepted: submission.status === 'ok',
    endStatus: (refused ?? chunks.at(-1))?.statusCode ?? null,
    statuses: chunks.map((chunk) => chunk.statusCode),
    eventsSent: submission.eventCount,
    eventsAccepted: chunks.reduce((sum, chunk) => sum + (chunk.status === 'ok' ? chunk.eventCount : 0), 0),
    problem: refused?.error ?? (submission.status === 'ok' ? null : `the send ended ${submission.status}`),
  };
}

/** The step's verdict on its send, to keep in History beside the server's answer; `reasons` as outcomeFailures (and `received`) gave them. */
export function stepVerdictOf(expectations: Expectations, sent: SentOutcome, reasons: readonly string[]): StepVerdict {
  const reason = reasons.join('\n');
  return {
    passed: reasons.length === 0,
    expectedStatus: expectations.status,
    endStatus: sent.endStatus,
    reason: reasons.length === 0 ? null : reason.length > STEP_VERDICT_REASON_MAX ? `${reason.slice(0, STEP_VERDICT_REASON_MAX - 1)}…` : reason,
  };
}
