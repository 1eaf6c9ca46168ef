import type { Severity } from '../../environments/common/rules.ts';

/** What the checks say about a place in a batch's text, with a fix when there is one. */

export interface TextEdit {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  text: string;
}

export interface QuickFix {
  title: string;
  edits: TextEdit[];
}

export interface Diagnostic {
  severity: Severity;
  code: string;
  message: string;
  /** A JSON pointer, like /3/svc_id; empty for the whole text. */
  path: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  fix?: QuickFix;
}
