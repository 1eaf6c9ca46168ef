import type { Diagnostic, ValidationRules } from '../../shared/validation.ts';
import { createIncrementalValidator, type ContentChange } from '../../shared/validation/incremental.ts';

/**
 * What the composer and its validation worker say to each other. The worker keeps the last
 * text and what it learnt of it, so after the first whole text an edit sends only its changes
 * (Monaco's content changes) and is answered in the time that edit takes to check.
 */

/** The rules as the composer holds them: the worker measures "future" and "old" from its own now, at each request. */
export type WorkerRules = Omit<ValidationRules, 'now'>;

/** A whole text, or the changes Monaco made to the last one. */
export type ValidationRequest = { id: number; kind: 'full'; text: string; rules: WorkerRules } | { id: number; kind: 'edit'; changes: ContentChange[]; rules: WorkerRules };

export interface ValidationAnswer {
  id: number;
  diagnostics: Diagnostic[];
  eventCount: number | null;
  milliseconds: number;
  /** Whether the whole text was validated (a whole text sent, or an edit the worker could not validate alone). */
  full: boolean;
}

/**
 * The worker's side, apart from the worker: each request answered in turn by one incremental
 * validator. An edit before any whole text edits an empty one, as Monaco's first changes would.
 */
export function createValidationResponder(now: () => Date = () => new Date()): (request: ValidationRequest) => ValidationAnswer {
  const validator = createIncrementalValidator();
  return (request) => {
    const started = performance.now();
    const rules: ValidationRules = { ...request.rules, now: now() };
    const answer = request.kind === 'edit' ? validator.edit(request.changes, rules) : validator.full(request.text, rules);
    return { id: request.id, diagnostics: answer.diagnostics, eventCount: answer.eventCount, milliseconds: performance.now() - started, full: answer.full };
  };
}
