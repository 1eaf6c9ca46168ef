import { realpath } from 'node:fs/promises';
import { AppError } from '../../../base/common/errors.ts';
import type { StepSender } from '../common/run-deps.ts';
import type { Environments } from '../../environments/node/environments.ts';
import type { Sending } from '../../sending/node/sending.ts';
import type { SubmissionStore } from '../../history/node/submissions.ts';
import { workspaceEnvironmentId } from '../../workspace/node/workspace-environments.ts';
import { sendStep } from './step-send.ts';
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
  submissions: Pick<SubmissionStore, 'view' | 'recordStepVerdict'>;
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

    async send(step) {
      const environmentId = await environmentIdOf(step.environment.name);
      return sendStep({ start: sending.start, cancel: sending.cancel, ended: sending.ended, view: submissions.view }, environmentId, step);
    },

    async judged({ submissionId, verdict }) {
      submissions.recordStepVerdict(submissionId, verdict);
    },
  };
}
