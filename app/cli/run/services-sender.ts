import { setTimeout as sleep } from 'node:timers/promises';
import type { Environment, EnvironmentSettings } from '../../../features/environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import type { StepSender } from '../../../features/runs/common/run-deps.ts';
import { commandLineEnvironmentId, type TargetSecrets } from '../../../features/environments/node/target.ts';
import { startSendingThread, type SendingThread } from '../../host/sending-thread.ts';
import { sendStep } from '../../../features/runs/node/step-send.ts';
import { createStepValidation } from '../../../features/runs/node/step-validation.ts';

/**
 * The scenario engine's sender outside the app (`eventdesk run`): each environment's sends go
 * through the services on their own thread, as `eventdesk send`'s do (sending-thread.ts), so
 * they are chunked, retried, renewed and recorded in History exactly as any send. One thread
 * per environment, started and logged in at its first send and kept for the run.
 */

export interface ServicesSenderOptions {
  /** The data folder whose History the sends are recorded in. */
  dataFolder: string;
  /** Who to log in as where: the command line reads them from EVENTDESK_* variables. Throws an Error saying what is missing. */
  credentials(environment: EnvironmentSettings): TargetSecrets;
}

export interface ServicesSender extends StepSender {
  /** The secrets in use (passwords, API keys, tokens), to mask in what is printed. */
  secrets(): string[];
  /** Ends every thread; sends under way are cancelled. */
  close(): Promise<void>;
}

interface Opened {
  thread: SendingThread;
  environmentId: string;
}

/** The environment the thread holds: the settings as given, under the id the command line records its sends with. */
function threadEnvironment(settings: EnvironmentSettings): Environment {
  const environment: Environment = { ...settings, id: '', embeddedSandbox: false, storeSecretsWithoutKeyring: false };
  return { ...environment, id: commandLineEnvironmentId({ environment, secrets: { username: '', password: '', apiKey: '' } }) };
}

/** How often History is asked whether a send has ended, in case its last progress never comes (the thread failed). */
const END_CHECK_MS = 2000;

/**
 * Until the send has ended: its last progress, or History saying so. Asking History also
 * rejects when the services thread is gone, so a failed thread fails the step, never hangs it.
 */
async function untilEnded(thread: SendingThread, submissionId: string): Promise<void> {
  let ended = false;
  const pushed = thread.ended(submissionId).then(() => {
    ended = true;
  });
  while (!ended) {
    await Promise.race([pushed, sleep(END_CHECK_MS, undefined, { ref: false })]);
    if (ended) return;
    const recorded = await thread.services.submissions.view(submissionId);
    if (recorded?.status !== 'sending') return;
  }
}

export function createServicesSender(options: ServicesSenderOptions): ServicesSender {
  const opened = new Map<string, Promise<Opened>>();
  const threads: SendingThread[] = [];
  const given: string[] = [];

  async function open(settings: EnvironmentSettings): Promise<Opened> {
    const secrets = options.credentials(settings);
    given.push(secrets.password, secrets.apiKey);
    const environment = threadEnvironment(settings);
    const thread = await startSendingThread(options.dataFolder, environment);
    threads.push(thread);
    try {
      await thread.logIn(secrets);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, `Logging in to "${settings.name}" (${settings.baseUrl}) failed: ${error.message}`, error.detail);
    }
    return { thread, environmentId: environment.id };
  }

  /** The thread for an environment, kept for the run; a failed login is not tried again for every step. */
  function threadFor(settings: EnvironmentSettings): Promise<Opened> {
    const key = JSON.stringify(settings);
    let found = opened.get(key);
    if (!found) {
      found = open(settings);
      opened.set(key, found);
    }
    return found;
  }

  return {
    validate: createStepValidation(),

    async send(step) {
      const { thread, environmentId } = await threadFor(step.environment);
      const { sending, submissions } = thread.services;
      const ended = async (id: string) => {
        await untilEnded(thread, id);
        await thread.tokensRead();
      };
      return sendStep({ start: sending.start, cancel: sending.cancel, ended, view: submissions.view }, environmentId, step);
    },

    async judged({ environment, submissionId, verdict }) {
      const { thread } = await threadFor(environment);
      await thread.services.submissions.recordStepVerdict(submissionId, verdict);
    },

    secrets: () => [...given, ...threads.flatMap((thread) => thread.tokens())].filter(Boolean),

    async close() {
      await Promise.all(
        threads.map(async (thread) => {
          await thread.services.sending.dispose();
          await thread.close();
        }),
      );
    },
  };
}
