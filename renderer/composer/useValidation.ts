import { useEffect, useRef, useState } from 'react';
import type { Diagnostic } from '../../shared/validation.ts';
import type { ValidationAnswer, ValidationRequest } from './validation.worker.ts';
import ValidationWorker from './validation.worker.ts?worker';

export interface Validation {
  diagnostics: Diagnostic[];
  eventCount: number | null;
  /** A newer text is being validated; what is shown belongs to an older one. */
  pending: boolean;
}

interface Answered {
  text: string;
  rulesKey: string;
  diagnostics: Diagnostic[];
  eventCount: number | null;
}

/** Validates as you type, in a worker, a short pause after the last keystroke. */
export function useValidation(text: string, rules: ValidationRequest['rules']): Validation {
  const worker = useRef<Worker | null>(null);
  const asked = useRef(new Map<number, { text: string; rulesKey: string }>());
  const counter = useRef(0);
  const [answered, setAnswered] = useState<Answered | null>(null);
  const rulesKey = JSON.stringify(rules);

  useEffect(() => {
    const created = new ValidationWorker();
    worker.current = created;
    const questions = asked.current;
    let newest = 0;
    created.onmessage = (message: MessageEvent<ValidationAnswer>) => {
      const question = questions.get(message.data.id);
      questions.delete(message.data.id);
      // An answer to an older text than one already shown is dropped.
      if (!question || message.data.id < newest) return;
      newest = message.data.id;
      setAnswered({ ...question, diagnostics: message.data.diagnostics, eventCount: message.data.eventCount });
    };
    return () => created.terminate();
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => {
      const id = ++counter.current;
      asked.current.set(id, { text, rulesKey });
      worker.current?.postMessage({ id, text, rules: JSON.parse(rulesKey) } satisfies ValidationRequest);
    }, text.length > 1_000_000 ? 400 : 120);
    return () => clearTimeout(timer);
  }, [text, rulesKey]);

  return {
    diagnostics: answered?.diagnostics ?? [],
    eventCount: answered?.eventCount ?? null,
    pending: answered?.text !== text || answered.rulesKey !== rulesKey,
  };
}
