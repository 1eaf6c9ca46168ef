import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { EnvironmentView } from '../../features/environments/common/environment.ts';
import { AppError } from '../../base/common/errors.ts';
import type { OutputOf } from '../../app/common/ipc.ts';
import type { SubmissionSummary } from '../../features/history/common/submission.ts';
import { problemCounts, UNLISTED_CODE, type ProblemCounts } from '../../features/plans/common/plan-diagnostics.ts';
import { VIOLATION_KINDS } from '../../features/plans/common/plan.ts';
import { UNSENDABLE_CODES, type Diagnostic } from '../../features/validation/common/validation.ts';
import { focusProblems } from '../base/state/problems-focus.ts';
import { useActiveEnvironment } from '../base/data/environment-queries.ts';
import { useApi } from '../base/queries.ts';
import { ask, confirm } from '../base/widgets/questions.ts';
import { formatDateTime } from '../base/time-format.ts';
import { settledBatchText } from '../base/state/batch-text.ts';
import { originsIn } from '../base/state/pseudonym-origins.ts';
import type { Batch } from '../base/state/composer.ts';
import { useNotices, useUi } from '../base/state/ui.ts';
import { sendWarning } from './SendWarning.tsx';
import { useSendState } from '../base/data/send-state.ts';

/** Keeps progress of every send in the store, from the send:progress push. */
export function useSendProgressEvents(): void {
  const api = useApi();
  const progressed = useSendState((state) => state.progressed);
  useEffect(() => api.send.onProgress(progressed), [api, progressed]);
}

type StartResult = OutputOf<'send:start'>;

/** What a "log in first" notice is about: it no longer holds once a send to that environment goes on. */
const loginNeededFor = (environmentId: string) => `needs-login:${environmentId}`;

/**
 * Starts a send the way a careful tester wants: production asks first, and the same resolved
 * batch sent to the same place before asks again, naming when. `start(again)` asks main to
 * send. Resolves to the submission started, or null when the user said no or it failed (the
 * failure is shown, as a notice or by `report` when given, for a dialog that says it itself; a
 * send that needs a login opens the login dialog, and `retry`, if given, runs once that login
 * succeeds: the user asked to send, not to log in).
 */
export function useStartSend() {
  const notify = useNotices((state) => state.notify);
  const dismissAbout = useNotices((state) => state.dismissAbout);
  const askLogin = useUi((state) => state.askLogin);
  return useCallback(
    async (
      environment: Pick<EnvironmentView, 'id' | 'name' | 'production'>,
      start: (again: boolean) => Promise<StartResult>,
      retry?: () => void,
      report?: (error: unknown) => void,
    ): Promise<SubmissionSummary | null> => {
      if (
        environment.production &&
        !(await confirm({
          title: 'Send to production?',
          message: `“${environment.name}” is a production environment. Send this batch there?`,
          action: 'Send',
          destructive: true,
        }))
      ) {
        return null;
      }
      try {
        let result = await start(false);
        if ('duplicateOf' in result) {
          const earlier = result.duplicateOf;
          const again = await confirm({
            title: 'Send the same batch again?',
            message: `This exact batch was already sent to “${environment.name}” on ${formatDateTime(earlier.startedAt)} (${earlier.status}). Send it again?`,
            action: 'Send again',
            destructive: true,
          });
          if (!again) return null;
          result = await start(true);
        }
        if (!('started' in result)) return null;
        // "Log in first; nothing was sent" is stale once a send goes on, however it then ends.
        dismissAbout(loginNeededFor(environment.id));
        return result.started;
      } catch (error) {
        const needsLogin = error instanceof AppError && error.code === 'needs-login';
        if (needsLogin) askLogin(environment.id, retry);
        if (report) report(error);
        else notify('error', error instanceof Error ? error.message : String(error), needsLogin ? loginNeededFor(environment.id) : undefined);
        return null;
      }
    },
    [askLogin, dismissAbout, notify],
  );
}

/** Codes of the diagnostics a tracking plan adds: its violations' kinds, and the count of those not listed. */
export const PLAN_CODES: ReadonlySet<string> = new Set([...VIOLATION_KINDS, UNLISTED_CODE]);

/** Why a batch cannot be sent at all (not JSON, not an array of events, empty), in words; null when it can. */
export function unsendableReason(diagnostics: readonly Diagnostic[]): string | null {
  const unsendable = diagnostics.find((diagnostic) => UNSENDABLE_CODES.has(diagnostic.code));
  return unsendable ? `Nothing was sent: ${unsendable.message}` : null;
}

/**
 * Errors ask first (SendWarning.tsx), saying how many break the tracking plan; true when there
 * are none or the user sends anyway. `counts` are the batch's exact counts, the plan's violations
 * past the caps included (every one of those is a plan violation). `showProblems`, where there is
 * a Problems list, is what "Show in Problems" does (the dialog has closed by then).
 */
export async function confirmErrors(
  diagnostics: readonly Diagnostic[],
  counts: ProblemCounts = problemCounts(diagnostics),
  showProblems?: () => void,
): Promise<boolean> {
  if (counts.errors === 0) return true;
  const listed = diagnostics.filter((diagnostic) => diagnostic.severity === 'error' && diagnostic.code !== UNLISTED_CODE);
  const planned = listed.filter((diagnostic) => PLAN_CODES.has(diagnostic.code)).length + counts.errors - listed.length;
  const chosen = await ask(sendWarning(diagnostics, counts, planned, showProblems !== undefined));
  if (chosen === 'show') showProblems?.();
  return chosen === 'send';
}

/** The check of the batch in view, as useValidation gives it (`pending` while a newer text is checked), and which batch it is of. */
export interface BatchCheck {
  batchId: string | null;
  diagnostics: Diagnostic[];
  counts: ProblemCounts;
  pending: boolean;
}

/** A send waits this long at most for the check of the text it sends. */
export const CHECK_WAIT_MS = 120_000;

type SettledCheck = { ok: true; check: BatchCheck } | { ok: false; why: string };

/** Why a send that waited for its batch's check sends nothing: the batch left the view first. */
const LEFT_BEFORE_CHECK = 'The batch left the composer before its check came; nothing was sent.';

/**
 * The check of batch `batchId` once the validation has answered for its newest text: a send
 * made while the text is still being checked (a keystroke ago, or a big batch whose editor is
 * still being made) waits for that answer, so errors always ask first. Says why not when the
 * batch is no longer the one in view (another tab, closed), or no answer came within
 * CHECK_WAIT_MS; a composer that goes away ends every wait the same way.
 */
function useSettledCheck(check: BatchCheck): (batchId: string) => Promise<SettledCheck> {
  const latest = useRef(check);
  const waiting = useRef(new Map<string, Set<(settled: SettledCheck) => void>>());
  useLayoutEffect(() => {
    latest.current = check;
    for (const [batchId, wakes] of waiting.current) {
      const settled: SettledCheck | null = check.batchId !== batchId ? { ok: false, why: LEFT_BEFORE_CHECK } : check.pending ? null : { ok: true, check };
      if (settled) for (const wake of [...wakes]) wake(settled);
    }
  });
  useEffect(() => {
    const all = waiting.current;
    return () => {
      for (const wakes of all.values()) for (const wake of [...wakes]) wake({ ok: false, why: LEFT_BEFORE_CHECK });
    };
  }, []);
  return useCallback((batchId: string) => {
    const now = latest.current;
    if (now.batchId !== batchId) return Promise.resolve({ ok: false, why: LEFT_BEFORE_CHECK });
    if (!now.pending) return Promise.resolve({ ok: true, check: now });
    return new Promise<SettledCheck>((resolve) => {
      const wakes = waiting.current.get(batchId) ?? new Set();
      waiting.current.set(batchId, wakes);
      const wake = (settled: SettledCheck) => {
        clearTimeout(timer);
        wakes.delete(wake);
        if (wakes.size === 0) waiting.current.delete(batchId);
        resolve(settled);
      };
      const timer = setTimeout(
        () => wake({ ok: false, why: `The batch was still being checked after ${CHECK_WAIT_MS / 1000} s; nothing was sent. Try again.` }),
        CHECK_WAIT_MS,
      );
      wakes.add(wake);
    });
  }, []);
}

/** Sends the composer's batch once its check has answered; errors in it, the tracking plan's too, block unless confirmed. */
export function useSend(batch: Batch | null, check: BatchCheck) {
  const api = useApi();
  const environment = useActiveEnvironment();
  const startSend = useStartSend();
  const notify = useNotices((state) => state.notify);
  const sent = useSendState((state) => state.sent);
  const prepare = useSendState((state) => state.prepare);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const settledCheck = useSettledCheck(check);

  async function send() {
    if (!batch || !environment || busy || checking) return;
    setChecking(true);
    const settled = await settledCheck(batch.id).finally(() => setChecking(false));
    if (!settled.ok) {
      notify('error', settled.why);
      return;
    }
    const { diagnostics, counts } = settled.check;
    const unsendable = unsendableReason(diagnostics);
    if (unsendable) {
      notify('error', unsendable);
      return;
    }
    if (!(await confirmErrors(diagnostics, counts, focusProblems))) return;
    setBusy(true);
    try {
      const started = await startSend(
        environment,
        (again) => {
          // A big batch takes a moment to resolve, hash and record before its first progress.
          prepare(batch.id, { environmentName: environment.name });
          return settledBatchText(batch.id)
            .then((text) => api.send.start({ environmentId: environment.id, batchText: text, again, pseudonymizedFrom: originsIn(batch.id, text) }))
            .finally(() => prepare(batch.id, null));
        },
        () => void send(),
      );
      if (started) sent(batch.id, started.id);
    } finally {
      setBusy(false);
    }
  }

  return { send, busy: busy || checking, checking, ready: Boolean(batch && environment) };
}
