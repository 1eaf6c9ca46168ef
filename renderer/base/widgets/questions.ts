import type { ReactNode } from 'react';
import { create } from 'zustand';

/**
 * The app's own questions, in place of the browser's confirm(): one at a time, in the order
 * asked, each answered through a promise. A question is settled only once its dialog has
 * closed (QuestionDialog), so what the asker does next (focus the Problems list) is not
 * refused by a page still inert behind it.
 */

export interface Choice<Answer extends string> {
  answer: Answer;
  label: string;
}

export interface Question<Answer extends string> {
  title: string;
  /** What the choice is about: a sentence, or a short list of what it concerns. */
  message: ReactNode;
  /** The ways on besides Cancel, in the order shown; the last is the main one. */
  choices: readonly Choice<Answer>[];
  /**
   * The choice focused first, which Enter takes: the main one, or Cancel where the main one
   * destroys something or sends where it should not.
   */
  focus: Answer | 'cancel';
}

export interface Asked {
  id: number;
  question: Question<string>;
  /** Set once chosen; the dialog then closes and QuestionDialog settles it. */
  answer?: string;
  settle: (answer: string) => void;
}

export const useQuestions = create<{ asked: Asked[] }>(() => ({ asked: [] }));

let lastId = 0;

/** Asks, and resolves to the answer chosen, or 'cancel' (Cancel, Escape). */
export function ask<Answer extends string>(question: Question<Answer>): Promise<Answer | 'cancel'> {
  return new Promise((resolve) => {
    lastId += 1;
    const asked: Asked = { id: lastId, question, settle: (answer) => resolve(answer as Answer | 'cancel') };
    useQuestions.setState((state) => ({ asked: [...state.asked, asked] }));
  });
}

/** Records the answer to a question shown; it is settled once its dialog has closed. */
export function answer(id: number, chosen: string): void {
  useQuestions.setState((state) => ({
    asked: state.asked.map((asked) => (asked.id === id && asked.answer === undefined ? { ...asked, answer: chosen } : asked)),
  }));
}

/** Settles the questions answered (their dialog has closed), in the order asked. */
export function settleAnswered(): void {
  const done = useQuestions.getState().asked.filter((asked) => asked.answer !== undefined);
  if (done.length === 0) return;
  useQuestions.setState((state) => ({ asked: state.asked.filter((asked) => asked.answer === undefined) }));
  for (const asked of done) asked.settle(asked.answer!);
}

/**
 * A yes-or-no question: true when `action` was chosen. A `destructive` action (a delete, a
 * send to production) starts on Cancel, so Enter alone never does it.
 */
export async function confirm({
  title,
  message,
  action,
  destructive = false,
}: {
  title: string;
  message: ReactNode;
  action: string;
  destructive?: boolean;
}): Promise<boolean> {
  const chosen = await ask({ title, message, choices: [{ answer: 'yes', label: action }], focus: destructive ? 'cancel' : 'yes' });
  return chosen === 'yes';
}
