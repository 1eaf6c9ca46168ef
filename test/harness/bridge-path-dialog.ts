import { PATH_ANSWER_URL, type PathAnswer, type PathQuestion } from './path-question.ts';

/**
 * The page's side of the harness's file dialogs (page-dialogs.ts): a small modal asking for a
 * path, typed or pasted, since a browser shows no OS dialog. Enter (Ctrl+Enter for several
 * paths) answers, Escape cancels; either way the harness hears, so no dialog is left waiting.
 */
export function askForPath(question: PathQuestion): void {
  const dialog = document.createElement('dialog');
  dialog.setAttribute('aria-label', question.title);
  dialog.style.cssText = 'min-width: 32rem; max-width: 90vw; padding: 16px; font: inherit; border: 1px solid #888; border-radius: 6px;';
  const form = document.createElement('form');
  form.method = 'dialog';
  const heading = document.createElement('h2');
  heading.textContent = question.title;
  heading.style.cssText = 'font-size: 1rem; margin: 0 0 4px;';
  const note = document.createElement('p');
  note.textContent = `The test harness's stand-in for the system's file dialog: type ${question.kind === 'open-many' ? 'one path a line' : 'a path'} on this computer.`;
  note.style.cssText = 'margin: 0 0 8px; font-size: 0.85rem;';
  const label = document.createElement('label');
  label.textContent = question.kind === 'open-many' ? 'Paths' : 'Path';
  label.style.cssText = 'display: flex; flex-direction: column; gap: 4px;';
  const field = document.createElement(question.kind === 'open-many' ? 'textarea' : 'input');
  field.value = question.suggested;
  field.spellcheck = false;
  field.style.cssText = 'font-family: monospace; width: 100%; box-sizing: border-box;';
  label.append(field);
  const buttons = document.createElement('div');
  buttons.style.cssText = 'display: flex; justify-content: flex-end; gap: 8px; margin-top: 12px;';
  const cancel = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Cancel' });
  const choose = Object.assign(document.createElement('button'), { type: 'submit', textContent: question.kind === 'save' ? 'Save' : 'Open' });
  buttons.append(cancel, choose);
  form.append(heading, note, label, buttons);
  dialog.append(form);

  let answered = false;
  const answer = (paths: string[] | null) => {
    if (answered) return;
    answered = true;
    dialog.close();
    dialog.remove();
    void fetch(PATH_ANSWER_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: question.id, paths } satisfies PathAnswer),
    });
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    answer(field.value.split('\n'));
  });
  field.addEventListener('keydown', (event) => {
    if (event instanceof KeyboardEvent && event.key === 'Enter' && event.ctrlKey) form.requestSubmit();
  });
  cancel.addEventListener('click', () => answer(null));
  dialog.addEventListener('cancel', () => answer(null));
  document.body.append(dialog);
  dialog.showModal();
  field.focus();
  // The cursor at the end, where a file name goes after the folder offered.
  field.setSelectionRange(field.value.length, field.value.length);
}
