import { useEffect, useRef, useState } from 'react';
import type { TextChange } from '../../shared/text-changes.ts';
import type { Diagnostic } from '../../shared/validation.ts';
import type { monaco } from '../monaco/setup.ts';
import type { ValidationAnswer, ValidationRequest } from './validation.worker.ts';
import ValidationWorker from './validation.worker.ts?worker';

export interface Validation {
  diagnostics: Diagnostic[];
  eventCount: number | null;
  /** A newer text is being validated; what is shown belongs to an older one. */
  pending: boolean;
}

type Rules = ValidationRequest['rules'];
type Answer = Pick<ValidationAnswer, 'id' | 'diagnostics' | 'eventCount'>;

/**
 * The validation worker as the hook asks it: about a whole text, or about the edits since the
 * last question. Questions are numbered 1, 2, 3… in the order asked, and each answer carries
 * its number. Today's worker reads whole texts, so an edit sends the text as it is now.
 */
function createValidationQuestions(onAnswer: (answer: Answer) => void, currentText: () => string) {
  const worker = new ValidationWorker();
  let asked = 0;
  worker.onmessage = (message: MessageEvent<ValidationAnswer>) => onAnswer(message.data);
  const full = (text: string, rules: Rules) => worker.postMessage({ id: ++asked, text, rules } satisfies ValidationRequest);
  return {
    full,
    edit: (_changes: readonly TextChange[], rules: Rules) => full(currentText(), rules),
    dispose: () => worker.terminate(),
  };
}

/** A big batch waits for a longer pause in the typing. */
function pauseFor(model: monaco.editor.ITextModel): number {
  return model.getValueLength() > 1_000_000 ? 400 : 120;
}

/**
 * Validates the batch in `model` as you type, in a worker, a short pause after the last
 * keystroke. It listens to the model's edits and passes them on (the text is never copied
 * here on a keystroke), and re-renders only when an answer comes or the text goes stale.
 */
export function useValidation(model: monaco.editor.ITextModel | null, rules: Rules): Validation {
  const questions = useRef<ReturnType<typeof createValidationQuestions> | null>(null);
  const shown = useRef(model);
  // Which model each question was about, by its number.
  const askedAbout = useRef(new Map<number, monaco.editor.ITextModel>());
  const counter = useRef(0);
  const [asked, setAsked] = useState(0);
  const [answered, setAnswered] = useState<{ id: number; model: monaco.editor.ITextModel; diagnostics: Diagnostic[]; eventCount: number | null } | null>(null);
  // Edits made since the last question: what is shown is stale until the next one is answered.
  const [edited, setEdited] = useState(false);
  const rulesKey = JSON.stringify(rules);

  useEffect(() => {
    let newest = 0;
    const about = askedAbout.current;
    const created = createValidationQuestions(
      (answer) => {
        const model = about.get(answer.id);
        about.delete(answer.id);
        // An answer to an older question than one already shown is dropped.
        if (!model || answer.id < newest) return;
        newest = answer.id;
        setAnswered({ id: answer.id, model, diagnostics: answer.diagnostics, eventCount: answer.eventCount });
      },
      () => shown.current?.getValue() ?? '',
    );
    questions.current = created;
    return () => created.dispose();
  }, []);

  useEffect(() => {
    shown.current = model;
    if (!model) return;
    const parsedRules = JSON.parse(rulesKey) as Rules;
    let changes: TextChange[] | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      const id = ++counter.current;
      askedAbout.current.set(id, model);
      setAsked(id);
      if (changes) questions.current?.edit(changes, parsedRules);
      else questions.current?.full(model.getValue(), parsedRules);
      changes = [];
      setEdited(false);
    };
    ask();
    const listening = model.onDidChangeContent((event) => {
      changes?.push(...event.changes);
      setEdited(true);
      clearTimeout(timer);
      timer = setTimeout(ask, pauseFor(model));
    });
    return () => {
      listening.dispose();
      clearTimeout(timer);
    };
  }, [model, rulesKey]);

  const current = answered !== null && answered.model === model;
  return {
    diagnostics: current ? answered.diagnostics : [],
    eventCount: current ? answered.eventCount : null,
    pending: !current || edited || answered.id !== asked,
  };
}
