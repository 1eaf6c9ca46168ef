/**
 * What is wrong with a plan itself: a schema that does not compile, a `$ref` that points
 * nowhere, a pattern that is not valid or could backtrack catastrophically. Each is named with
 * its kind's key and its JSON path in the plan file; the rest of the plan still applies.
 */
export interface PlanProblem {
  /** An error leaves its part of the plan unchecked; a warning (an unknown keyword) does not. */
  readonly severity: 'error' | 'warning';
  /** The kind's key, when the problem is in one kind's schemas. */
  readonly key?: string;
  /** The JSON pointer of the problem in the plan file: /events/purchase/attributes/properties/spend/pattern. */
  readonly pointer: string;
  readonly message: string;
}

/** A problem as one line: `kind "purchase", /events/purchase/attributes/…/pattern: …`. */
export function planProblemText(problem: PlanProblem): string {
  return `${problem.key === undefined ? '' : `kind ${JSON.stringify(problem.key)}, `}${problem.pointer}: ${problem.message}`;
}
