import type { Environment } from '../../features/environments/common/environment.ts';
import type { SessionEvent } from '../../features/environments/common/session.ts';
import type { SendProgress } from '../../features/history/common/submission.ts';
import type { TargetSecrets } from '../../features/environments/node/target.ts';
import type { Remote, WarmThread } from './services-client.ts';
import { pushTo, startNodeServicesThread } from './node-services.ts';
import type { Services } from '../node/index.ts';

/**
 * The services on their own thread, holding one environment, to send through outside the app:
 * `eventdesk send` and the scenario engine's sender (app/cli/run/services-sender.ts). It logs
 * in remembering the password in memory, so that a 401 or an expiring token logs in again, and
 * says when each send has ended (its last `send:progress`).
 */

export interface SendingThread {
  services: Remote<Services>;
  /** Stores the API key and logs in; rejects with the AppError the login gave. */
  logIn(secrets: TargetSecrets): Promise<void>;
  /** The last progress of a send, once it has ended (resolves at once for one that already has). */
  ended(submissionId: string): Promise<SendProgress>;
  /** The session's access and refresh tokens as last read (at each login and renewal), to mask in what is printed. */
  tokens(): string[];
  /** Once the tokens are read after the last login or renewal the services announced (a send may renew them). */
  tokensRead(): Promise<void>;
  close(): Promise<void>;
}

export interface SendingThreadOptions {
  progress?(progress: SendProgress): void;
  /** Why a session ended or a login failed, when it says. */
  sessionMessage?(message: string): void;
  /** A thread started early (`warmNodeServicesThread`) to start the services in. */
  warm?: WarmThread;
}

/** Ends heard before anyone asked for them, kept this many at most. */
const KEPT_ENDS = 100;

export async function startSendingThread(dataFolder: string, environment: Environment, options: SendingThreadOptions = {}): Promise<SendingThread> {
  const ends = new Map<string, SendProgress>();
  const waiting = new Map<string, (progress: SendProgress) => void>();
  let tokens: string[] = [];
  let readTokens: () => Promise<void> = async () => undefined;
  /** The read of the tokens a login or renewal started, so a caller can wait for it rather than read them again. */
  let reading: Promise<void> = Promise.resolve();
  const onEnd = (progress: SendProgress) => {
    const waiter = waiting.get(progress.submissionId);
    if (waiter) {
      waiting.delete(progress.submissionId);
      waiter(progress);
      return;
    }
    if (ends.size >= KEPT_ENDS) ends.delete(ends.keys().next().value!);
    ends.set(progress.submissionId, progress);
  };
  const thread = await startNodeServicesThread(
    dataFolder,
    { environments: [environment], ...(options.warm ? { warm: options.warm } : {}) },
    pushTo({
      'send:progress': (progress) => {
        options.progress?.(progress);
        if (progress.status !== 'sending') onEnd(progress);
      },
      'session:changed': (event: SessionEvent) => {
        if (event.reason === 'logged-in' || event.reason === 'renewed') reading = readTokens().catch(() => undefined);
        else if (event.message) options.sessionMessage?.(event.message);
      },
    }),
  );
  const { vault, sessions } = thread.services;
  readTokens = async () => {
    const { accessToken, refreshToken } = await vault.get(environment.id);
    tokens = [accessToken, refreshToken].filter((secret): secret is string => Boolean(secret));
  };
  return {
    services: thread.services,
    async logIn(secrets) {
      await vault.update(environment.id, { apiKey: secrets.apiKey }, environment.baseUrl);
      await sessions.login({ environmentId: environment.id, username: secrets.username, password: secrets.password, rememberPassword: true });
      await readTokens();
    },
    ended(submissionId) {
      const end = ends.get(submissionId);
      if (end) {
        ends.delete(submissionId);
        return Promise.resolve(end);
      }
      return new Promise((resolve) => waiting.set(submissionId, resolve));
    },
    tokens: () => tokens,
    tokensRead: () => reading,
    close: () => thread.close(),
  };
}
