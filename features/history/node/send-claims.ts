import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Which process is sending a submission: the app and the command line share the data folder. */

/**
 * True while a process with this id runs (EPERM: it exists, under another user). A zombie, or
 * one being reaped, counts as dead: on Linux a killed send whose parent has not reaped it yet
 * still answers signal 0, so `/proc/<pid>/stat` is read for its state (Z, X).
 */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isDeadOnLinux(pid);
}

function isDeadOnLinux(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false; // not Linux, or no /proc: signal 0 has said it exists
  }
  // "pid (command) state …": the command may hold spaces and parentheses, so read after the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
  return state === 'Z' || state === 'X';
}

export type Claim = { ok: true; release(): void } | { ok: false; pid: number; file: string };

/**
 * Claims a submission for this process while it sends, with a file `<data>/sending/<id>.pid`
 * holding the process id, so that no other process (the app, a second `eventdesk send
 * --resume`) resumes it while the first still runs. The file of a process that is gone
 * (killed) is taken over.
 */
export function claimSubmission(dataFolder: string, submissionId: string): Claim {
  const folder = path.join(dataFolder, 'sending');
  const file = path.join(folder, `${submissionId}.pid`);
  mkdirSync(folder, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return { ok: true, release: () => rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // its owner just finished
      throw error;
    }
    const pid = Number.parseInt(text, 10);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) return { ok: false, pid, file };
    rmSync(file, { force: true });
  }
  throw new Error(`${file} keeps coming back; another process is claiming the same submission.`);
}

/** The live process (this one included) that holds the claim of a submission, or null. */
function claimant(dataFolder: string, submissionId: string): number | null {
  let text: string;
  try {
    text = readFileSync(path.join(dataFolder, 'sending', `${submissionId}.pid`), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 && (pid === process.pid || isAlive(pid)) ? pid : null;
}

/** True when another live process holds the claim: its send is not interrupted, only elsewhere. */
export function claimedElsewhere(dataFolder: string, submissionId: string): boolean {
  const pid = claimant(dataFolder, submissionId);
  return pid !== null && pid !== process.pid;
}

/** True while a live process, this one or another, holds the claim: a send of it is under way. */
export function claimHeld(dataFolder: string, submissionId: string): boolean {
  return claimant(dataFolder, submissionId) !== null;
}
