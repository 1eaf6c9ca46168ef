import { useEffect, useRef, useState } from 'react';
import type { PlanCoverage } from '../../../features/plans/common/coverage.ts';
import { problemCounts, type ProblemCounts } from '../../../features/plans/common/plan-diagnostics.ts';
import type { Diagnostic } from '../../../features/validation/common/validation.ts';
import type { ContentChange } from '../../../features/validation/common/incremental.ts';
import { followNesting, textOf } from '../../monaco/batch-models.ts';
import type { monaco } from '../../monaco/setup.ts';
import { createValidationClient, type ValidationClient } from './validation-client.ts';
import type { WorkerRules } from './validation-protocol.ts';

export interface Validation {
  diagnostics: Diagnostic[];
  eventCount: number | null;
  /** A newer text is being validated; what is shown belongs to an older one. */
  pending: boolean;
  /** Why the worker could not load the plan's validators (the batch is checked without them), or null. */
  planProblem: string | null;
  /** The batch's coverage of the plan (features/plans/common/coverage.ts), or null without one. */
  coverage: PlanCoverage | null;
  /** The problems counted exactly, those past the plan's caps too. */
  counts: ProblemCounts;
}

type Rules = WorkerRules;

const NO_PROBLEMS = problemCounts([]);

/**
 * The pause in the typing before a question: an edit costs the worker milliseconds whatever the
 * batch's size (it re-checks where the edit lands), so markers follow the typing closely.
 */
const PAUSE_MS = 60;

/**
 * Validates the batch in `model` as you type, in a worker, a short pause after the last
 * keystroke, against the tracking plan whose validators are at `plan` too, when one is given:
 * the whole text when the model, the rules or the plan change, then only the edits since,
 * which the worker applies and re-checks where they land (the text is never copied here on a
 * keystroke). It re-renders only when an answer comes or the text goes stale.
 */
export function useValidation(model: monaco.editor.ITextModel | null, rules: Rules, plan: string | null): Validation {
  const client = useRef<ValidationClient | null>(null);
  // The newest question: its number and the model it was about.
  const newest = useRef<{ id: number; model: monaco.editor.ITextModel } | null>(null);
  const counter = useRef(0);
  const [asked, setAsked] = useState(0);
  const [answered, setAnswered] = useState<{
    id: number;
    model: monaco.editor.ITextModel;
    diagnostics: Diagnostic[];
    eventCount: number | null;
    planProblem: string | null;
    coverage: PlanCoverage | null;
    counts: ProblemCounts;
  } | null>(null);
  // Edits made since the last question: what is shown is stale until the next one is answered.
  const [edited, setEdited] = useState(false);
  const rulesKey = JSON.stringify(rules);

  useEffect(() => {
    // The client lets through only the answer to the newest question (an older one is stale),
    // so whatever arrives answers the question asked last.
    const created = createValidationClient((answer) => {
      if (!newest.current) return;
      followNesting(
        newest.current.model,
        answer.diagnostics.some((diagnostic) => diagnostic.code === 'json-too-deep'),
      );
      setAnswered({
        ...newest.current,
        diagnostics: answer.diagnostics,
        eventCount: answer.eventCount,
        planProblem: answer.planProblem,
        coverage: answer.coverage,
        counts: answer.counts,
      });
    });
    client.current = created;
    return () => created.dispose();
  }, []);

  useEffect(() => {
    if (!model) return;
    const parsedRules = JSON.parse(rulesKey) as Rules;
    let changes: ContentChange[] | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      const id = ++counter.current;
      newest.current = { id, model };
      setAsked(id);
      // A new model or new rules: the whole text, at once; then only the edits since.
      if (changes) client.current?.edit(changes, parsedRules, plan);
      else client.current?.full(textOf(model), parsedRules, plan);
      changes = [];
      setEdited(false);
    };
    ask();
    const listening = model.onDidChangeContent((event) => {
      changes?.push(...event.changes);
      setEdited(true);
      clearTimeout(timer);
      timer = setTimeout(ask, PAUSE_MS);
    });
    return () => {
      listening.dispose();
      clearTimeout(timer);
    };
  }, [model, rulesKey, plan]);

  const current = answered !== null && answered.model === model;
  return {
    diagnostics: current ? answered.diagnostics : [],
    eventCount: current ? answered.eventCount : null,
    pending: !current || edited || answered.id !== asked,
    planProblem: current ? answered.planProblem : null,
    coverage: current ? answered.coverage : null,
    counts: current ? answered.counts : NO_PROBLEMS,
  };
}
