import { unansweredText, type ChunkRecord, type UnansweredChoice } from '../../../features/history/common/submission.ts';
import type { CliIo } from '../shared/command.ts';
import { UsageError } from '../shared/flags.ts';

/**
 * What `send --resume` does with chunks that went out without an answer (a kill or a cancel
 * while a request was out): the server may already hold their events, so sending them again
 * may count them twice. The flags say; without them a terminal is asked, and a pipe refused.
 */

export const UNANSWERED_FLAGS = {
  'resend-unanswered': { type: 'boolean' },
  'skip-unanswered': { type: 'boolean' },
} as const;

export const UNANSWERED_USAGE = `  --resend-unanswered    With --resume: send again the chunks that went out without an answer
                         (the server may then hold their events twice)
  --skip-unanswered      With --resume: mark those chunks skipped and send only the others
                         Without either, a terminal is asked and a pipe refused`;

/** Answers a terminal may give, and what they mean. */
const ANSWERS: Record<string, UnansweredChoice> = { s: 'resend', send: 'resend', k: 'skip', skip: 'skip' };
/** A terminal is asked at most this often before the resume gives up. */
const QUESTIONS = 3;

export function unansweredFlag(flags: { 'resend-unanswered'?: boolean; 'skip-unanswered'?: boolean }, resuming: boolean): UnansweredChoice | undefined {
  const resend = flags['resend-unanswered'] === true;
  const skip = flags['skip-unanswered'] === true;
  if ((resend || skip) && !resuming) throw new UsageError(`--${resend ? 'resend' : 'skip'}-unanswered goes with --resume.`);
  if (resend && skip) throw new UsageError('Give --resend-unanswered or --skip-unanswered, not both.');
  return resend ? 'resend' : skip ? 'skip' : undefined;
}

/**
 * The choice for these chunks: the flag's, else the terminal's answer. Throws a UsageError
 * (exit 2) naming both flags when there is no terminal to ask, or no answer came.
 */
export async function chooseUnanswered(io: CliIo, uncertain: readonly ChunkRecord[], flag: UnansweredChoice | undefined): Promise<UnansweredChoice> {
  const what = unansweredText(uncertain);
  if (flag) {
    io.stderr(`Note: ${what}; ${flag === 'resend' ? 'they go again now, as --resend-unanswered says' : 'they are skipped, as --skip-unanswered says'}.\n`);
    return flag;
  }
  const refusal = `${what}. Resume with --resend-unanswered to send them again, or --skip-unanswered to skip them.`;
  if (!io.ask) throw new UsageError(refusal);
  for (let question = 0; question < QUESTIONS; question++) {
    const answer = (await io.ask(`${what}.\nSend them again (s) or skip them (k)? `))?.trim().toLowerCase();
    if (answer === undefined) break;
    const choice = ANSWERS[answer];
    if (choice) return choice;
  }
  throw new UsageError(refusal);
}
