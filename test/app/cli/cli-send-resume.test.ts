import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runCli } from '../../../app/cli/main.ts';
import { type SubmissionStore } from '../../../features/history/node/submissions.ts';
import {
  cleanUp,
  CREDENTIALS,
  sandboxWith,
  tempFolder,
  batchFile,
  numbered,
  spawnSend,
  exited,
  runSend,
  acceptedTokens,
  expectEachOnce,
  eventRequests,
  store,
} from '../../support/cli-send-support.ts';

afterEach(cleanUp);

describe('eventdesk send, interrupted and resumed', () => {
  it('resumes after a real SIGKILL to the recorded address, asking first about the chunk that went out without an answer', { timeout: 60_000 }, async () => {
    const sandbox = await sandboxWith({ faults: { latencyMs: 400 } });
    const folder = await tempFolder();
    const file = await batchFile(folder, numbered(40));
    const target = ['--base-url', sandbox.url, '--data', folder];
    const { child } = spawnSend([file, ...target, '--chunk-size', '4']);
    const ended = exited(child);

    // Wait (bounded) until the store shows two chunks acknowledged and the next one out, then
    // kill at once: that one is then sleeping in the sandbox's 400 ms latency.
    const database = path.join(folder, 'submissions.sqlite');
    const deadline = Date.now() + 20_000;
    let submissions: SubmissionStore | null = null;
    let id: string | undefined;
    let acknowledged = 0;
    let out = false;
    let notYet: unknown = null;
    while (acknowledged < 2 || !out) {
      if (Date.now() > deadline) throw new Error(`The send never got two chunks acknowledged and a third out (the history: ${String(notYet)}).`);
      await sleep(20);
      // The send may be making the file at this moment (its tables, in one transaction): then it is opened on the next turn.
      if (!submissions && existsSync(database)) {
        try {
          submissions = store(folder);
        } catch (error) {
          notYet = error;
        }
      }
      id ??= submissions?.list({ limit: 1 })[0]?.id;
      const chunks = id ? submissions!.get(id!)!.chunks : [];
      acknowledged = chunks.filter((chunk) => chunk.status === 'ok').length;
      out = chunks.some((chunk) => chunk.status === 'sending' && chunk.wentOut);
    }
    // The request in flight was never acknowledged, so whether it landed is unknowable to the
    // client; make it fail, so that what is counted below is the command's own accounting.
    sandbox.setFaults({ failSequence: [500] });
    child.kill('SIGKILL');
    expect(await ended).toBeNull();
    const killedAt = submissions!.get(id!)!;
    // No live process holds its claim: it reads as interrupted before anything records it so.
    expect(killedAt.status).toBe('interrupted');
    const okAtKill = killedAt.chunks.filter((chunk) => chunk.status === 'ok').length;
    expect(okAtKill).toBeGreaterThanOrEqual(2);
    expect(okAtKill).toBeLessThan(10);
    expect(acceptedTokens(sandbox)).toHaveLength(okAtKill * 4);

    // The killed process left its claim behind; a live process holding it blocks a resume.
    const claim = path.join(folder, 'sending', `${id}.pid`);
    expect(Number(await readFile(claim, 'utf8'))).toBe(child.pid);
    await writeFile(claim, `${process.pid}\n`);
    const blocked = await runSend(['--resume', id!, ...target]);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain(`is still being sent by process ${process.pid}`);
    expect(submissions!.get(id!)!.status).toBe('sending');
    await writeFile(claim, `${child.pid}\n`);

    // The chunk that was out is named; in a pipe, with neither flag, the resume refuses.
    const wentOut = killedAt.chunks.find((chunk) => chunk.status === 'pending' && chunk.wentOut)!;
    const events = `events ${wentOut.firstEvent + 1}–${wentOut.firstEvent + wentOut.eventCount}`;
    const refused = await runSend(['--resume', id!, '--data', folder]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('it is now marked interrupted');
    expect(refused.stderr).toContain(
      `${events} went out without an answer; the server may already hold them. Resume with --resend-unanswered to send them again, or --skip-unanswered to skip them.`,
    );
    expect(acceptedTokens(sandbox)).toHaveLength(okAtKill * 4);

    // No --base-url: it goes where the submission went.
    const resumed = await runSend(['--resume', id!, '--data', folder, '--resend-unanswered', '--json']);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`${10 - okAtKill} chunks of 10 never acknowledged`);
    expect(resumed.stderr).toContain(
      `Note: ${events} went out without an answer; the server may already hold them; they go again now, as --resend-unanswered says.`,
    );
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      submissionId: id,
      status: 'ok',
      eventsAccepted: 40,
      chunks: { total: 10, ok: 10 },
      resume: null,
      possiblyDelivered: [{ firstEvent: wentOut.firstEvent, eventCount: wentOut.eventCount }],
    });
    expect(submissions!.get(id!)!.chunks.every((chunk) => chunk.status === 'ok')).toBe(true);
    // No chunk went twice: 40 events accepted, each token in exactly one accepted request.
    expectEachOnce(acceptedTokens(sandbox), 40);
    expect(eventRequests(sandbox).filter((record) => record.response?.status === 202)).toHaveLength(10);
    expect(eventRequests(sandbox).filter((record) => record.response?.status === 500)).toHaveLength(1);
    expect(existsSync(claim)).toBe(false);

    const again = await runSend(['--resume', id!, ...target]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Every chunk was already acknowledged; nothing to send.');
    expect(acceptedTokens(sandbox)).toHaveLength(40);
  });

  it('cancels on SIGTERM, keeps what was acknowledged, and says how to resume', { timeout: 60_000 }, async () => {
    const sandbox = await sandboxWith({ faults: { latencyMs: 300 } });
    const folder = await tempFolder();
    const file = await batchFile(folder, numbered(30));
    const { child, output } = spawnSend([file, '--base-url', sandbox.url, '--data', folder, '--chunk-size', '3']);
    const ended = exited(child);
    await expect.poll(() => acceptedTokens(sandbox).length, { timeout: 20_000, interval: 20 }).toBeGreaterThan(0);
    child.kill('SIGTERM');
    expect(await ended).toBe(1);
    expect(output.stderr).toContain('SIGTERM: cancelling.');
    const id = /^Submission (\S+): cancelled$/m.exec(output.stdout)?.[1];
    if (!id) throw new Error(`No cancelled submission in:\n${output.stdout}\n${output.stderr}`);
    expect(output.stdout).toContain(`Send the rest with: eventdesk send --resume ${id} --base-url ${sandbox.url} --data ${folder}`);
    const detail = store(folder).get(id)!;
    expect(detail.status).toBe('cancelled');
    const ok = detail.chunks.filter((chunk) => chunk.status === 'ok').length;
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(10);

    // The chunk under way at the cancel had no answer: the resume says it goes again.
    const inFlight = detail.chunks.find((chunk) => chunk.attempts > 0 && chunk.statusCode === null);
    if (!inFlight) throw new Error('No chunk was in flight at the cancel');
    const resumed = await runSend(['--resume', id, '--base-url', sandbox.url, '--data', folder, '--resend-unanswered']);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`Note: events ${inFlight.firstEvent + 1}–${inFlight.firstEvent + inFlight.eventCount} went out without an answer`);
  });

  it('asks at a terminal what to do with a chunk that went out without an answer, and skips it when told', { timeout: 60_000 }, async () => {
    const sandbox = await sandboxWith();
    const folder = await tempFolder();
    const sent = await runSend([await batchFile(folder, numbered(6)), '--base-url', sandbox.url, '--data', folder, '--chunk-size', '2', '--json']);
    const id = (JSON.parse(sent.stdout) as { submissionId: string }).submissionId;
    // As after a kill: chunk 2's request was out, chunk 3 had not started.
    const submissions = store(folder);
    submissions.beginAttempt(id, { number: 2, startedAt: new Date().toISOString(), firstEvent: 2, eventCount: 2 });
    submissions.updateChunk(id, 4, { status: 'pending' });
    submissions.finish(id, 'sending');
    submissions.markInterrupted();
    const before = acceptedTokens(sandbox).length;

    const inProcess = async (args: string[], answers: string[] = []) => {
      const output = { stdout: '', stderr: '', questions: [] as string[] };
      Object.assign(process.env, CREDENTIALS);
      try {
        const ask = async (question: string) => (output.questions.push(question), answers.shift());
        const code = await runCli(['send', '--resume', id, '--data', folder, ...args], {
          stdout: (text) => (output.stdout += text),
          stderr: (text) => (output.stderr += text),
          ask,
        });
        return { code, ...output };
      } finally {
        for (const name of Object.keys(CREDENTIALS)) delete process.env[name];
      }
    };
    expect(await inProcess(['--resend-unanswered', '--skip-unanswered'])).toMatchObject({ code: 2, stderr: expect.stringContaining('not both') });
    // An answer it does not know is asked again; the end of input refuses, naming both flags.
    const unanswered = await inProcess([], ['maybe']);
    expect(unanswered).toMatchObject({
      code: 2,
      questions: ['events 3–4 went out without an answer; the server may already hold them.\nSend them again (s) or skip them (k)? ', expect.any(String)],
    });
    expect(unanswered.stderr).toContain('--resend-unanswered');
    expect(submissions.get(id)!.chunks[1]!.status).toBe('pending');

    const skipped = await inProcess(['--json'], ['k']);
    expect(skipped.code).toBe(1);
    expect(JSON.parse(skipped.stdout)).toMatchObject({
      status: 'partial',
      chunks: { ok: 2, skipped: 1 },
      possiblyDelivered: [{ firstEvent: 2, eventCount: 2 }],
    });
    expect(acceptedTokens(sandbox).length - before).toBe(2);
    expect(submissions.get(id)!.chunks.map((chunk) => chunk.status)).toEqual(['ok', 'skipped', 'ok']);
    expect(await runSend(['--skip-unanswered', await batchFile(folder, numbered(1), 'one.json'), '--base-url', sandbox.url, '--data', folder])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--skip-unanswered goes with --resume'),
    });
  });
});
