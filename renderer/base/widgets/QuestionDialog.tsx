import { useEffect } from 'react';
import { Modal } from './Modal.tsx';
import { answer, settleAnswered, useQuestions, type Asked } from './questions.ts';

function Buttons({ asked }: { asked: Asked }) {
  const { question, id } = asked;
  const main = question.choices.at(-1);
  const button = (chosen: string, label: string, className?: string) => (
    <button key={chosen} type="button" className={className} data-autofocus={question.focus === chosen ? true : undefined} onClick={() => answer(id, chosen)}>
      {label}
    </button>
  );
  return (
    <div className="dialog-buttons">
      {question.choices.slice(0, -1).map((choice) => button(choice.answer, choice.label))}
      {button('cancel', 'Cancel')}
      {/* A main choice that starts on Cancel is one to think twice about. */}
      {main && button(main.answer, main.label, question.focus === 'cancel' ? 'danger' : 'primary')}
    </div>
  );
}

/**
 * Shows the questions asked (questions.ts), one at a time: an alert dialog, its keyboard kept
 * inside, Escape for Cancel, Enter for the choice focused first.
 */
export function QuestionDialog() {
  const asked = useQuestions((state) => state.asked);
  const shown = asked.find((one) => one.answer === undefined);
  // Runs after the answered question's dialog has gone (a child's effects run before its parent's).
  useEffect(settleAnswered, [asked]);
  if (!shown) return null;
  return (
    <Modal
      key={shown.id}
      open
      onClose={() => answer(shown.id, 'cancel')}
      labelledBy="question-title"
      describedBy="question-message"
      role="alertdialog"
      className="question"
    >
      <h2 id="question-title">{shown.question.title}</h2>
      <div id="question-message" className="question-message">
        {shown.question.message}
      </div>
      <Buttons asked={shown} />
    </Modal>
  );
}
