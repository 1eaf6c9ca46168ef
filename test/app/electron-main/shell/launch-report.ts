/** What launch-main.ts saw, printed as one line after REPORT_PREFIX for main-bundle.test.ts to judge. */

export const REPORT_PREFIX = 'REPORT ';

export interface LaunchReport {
  schemes: string[];
  misuse: string[];
  errorBoxes: string[];
  exitCode: number | null;
  windowUrl: string | null;
  page: { status: number; csp: string | null; hasRoot: boolean; script: { path: string; status: number; type: string | null } | null } | null;
  channels: string[];
  fromMainFrame: unknown;
  fromSubFrame: unknown;
  fromOtherContents: unknown;
  filesWhileRunning: string[];
  threads: { file: string; exitCode: number | null; endedBeforeQuit: boolean }[];
  quit: boolean;
  filesAfterQuit: string[];
}
