/** What the harness asks its page in place of an OS file dialog, and what the page answers. */

export const PATH_QUESTION_EVENT = 'harness:path';
export const PATH_ANSWER_URL = '/__harness/path-answer';

export interface PathQuestion {
  id: string;
  /** One file to open, several (one path a line), or where to save. */
  kind: 'open' | 'open-many' | 'save';
  title: string;
  /** The path the field starts with. */
  suggested: string;
}

/** The paths typed, or null for Cancel. */
export interface PathAnswer {
  id: string;
  paths: string[] | null;
}
