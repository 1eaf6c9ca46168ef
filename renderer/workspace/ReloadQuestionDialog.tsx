import { Modal } from '../base/widgets/Modal.tsx';
import { answerReload, useReloadQuestions } from '../base/data/workspace-reload.ts';

/**
 * Asks, one file at a time, whether a batch with unsaved edits keeps them or takes the text its
 * file now has on disk. Escape keeps them: nothing is lost unasked.
 */
export function ReloadQuestionDialog() {
  const question = useReloadQuestions((state) => state.questions[0]);
  if (!question) return null;
  return (
    <Modal open onClose={() => answerReload(question, 'mine')} labelledBy="reload-title" className="reload-question">
      <h2 id="reload-title">{question.path} changed on disk</h2>
      <p>
        The tab “{question.name}” has edits that are not saved. Keep your edits (Save then writes them over the file), or load the file as it is now (your edits
        are gone).
      </p>
      <div className="dialog-buttons">
        <button type="button" data-autofocus onClick={() => answerReload(question, 'mine')}>
          Keep mine
        </button>
        <button type="button" onClick={() => answerReload(question, 'theirs')}>
          Load theirs
        </button>
      </div>
    </Modal>
  );
}
