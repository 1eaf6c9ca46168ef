import { validateBatch, type Diagnostic, type ValidationRules } from '../../shared/validation.ts';

/** Validation runs here, off the UI thread, so a 28 MB batch never freezes typing. */
export interface ValidationRequest {
  id: number;
  text: string;
  rules: Omit<ValidationRules, 'now'>;
}

export interface ValidationAnswer {
  id: number;
  diagnostics: Diagnostic[];
  eventCount: number | null;
  milliseconds: number;
}

self.onmessage = (message: MessageEvent<ValidationRequest>) => {
  const { id, text, rules } = message.data;
  const started = performance.now();
  const result = validateBatch(text, { ...rules, now: new Date() });
  const answer: ValidationAnswer = { id, diagnostics: result.diagnostics, eventCount: result.events?.length ?? null, milliseconds: performance.now() - started };
  self.postMessage(answer);
};
