import { realpath } from 'node:fs/promises';
import { AppError } from '../../shared/errors.ts';
import { sentOutcomeOf } from '../../shared/runs/expectations.ts';
import type { StepSender } from '../../shared/runs/run-deps.ts';
import type { Environments } from '../services/environments.ts';
import type { Sending } from '../services/sending.ts';
import type { SubmissionStore } from '../services/submissions.ts';
import { workspaceEnvironmentId } from '../services/workspace-environments.ts';
import { createStepValidation } from './step-validation.ts';

/**
 * The scenario engine's sender in the app (the Runs view): each step is a send of the app's own
 * services, to the open workspace's environment of that name, as Send makes one. So it is in the
 * workspace's History, its progress reaches the window, it logs in again as any send does, and
 * a step to an environment nobody logged in to fails with the reason Send would give. One per
 * run (the plan files are read once a run).
 */

export interface AppSenderDeps {
  /** The open workspace's root: its environments' ids are made from its real path. */
  root: string;
  environments: Pick<Environments, 'list'>;
  sending: Pick<Sending, 'start' | 'cancel' | 'ended'>;
  submissions: Pick<SubmissionStore, 'get'>;
}

export function createAppSender({ root, environments, sending, submissions }: AppSenderDeps): StepSender {
  let realRoot: Promise<string> | null = null;

  async function environmentIdOf(name: string): Promise<string> {
    realRoot ??= realpath(root);
    const id = workspaceEnvironmentId(await realRoot, name);
    if (!environments.list().environments.some((environment) => environment.id === id)) {
      throw new AppError('run-environment-missing', `The app holds no environment "${name}" of the workspace in ${root}: reopen the workspace.`);
    }
    return id;
  }

  return {
    validate: createStepValidation(),

    async send({ environment, events, label, signal }) {
      const environmentId = await environmentIdOf(environment.name);
      const tuning = { concurrency: environment.concurrency, maxAttempts: environment.maxAttempts };
      // A scenario sends the same batch on purpose, run after run: no duplicate warning to answer.
      const started = await sending.start(environmentId, JSON.stringify(events), true, tuning, label);
      if (!('started' in started)) throw new Error('A send with again=true did not start.');
      const id = started.started.id;
      const cancel = () => sending.cancel(id);
      signal.addEventListener('abort', cancel, { once: true });
      if (signal.aborted) cancel();
      try {
        await sending.ended(id);
      } finally {
        signal.removeEventListener('abort', cancel);
      }
      const detail = submissions.get(id);
      if (!detail) throw new AppError('submission-not-found', `Submission ${id} is not in History after its send.`);
      return sentOutcomeOf(detail);
    },
  };
}
