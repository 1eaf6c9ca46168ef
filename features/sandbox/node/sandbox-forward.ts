import { AppError } from '../../../base/common/errors.ts';
import type { Environment } from '../../environments/common/environment.ts';
import type { SandboxRequestRecord } from '../common/sandbox.ts';
import { forwardTimeoutMs, type SandboxForwardStatus } from '../common/sandbox-forward.ts';
import type { SandboxServer } from '../server/server.ts';
import type { Environments } from '../../environments/node/environments.ts';
import type { SandboxSettingsFile } from './sandbox-settings.ts';

/**
 * The Sandbox tab's "Forward to": the embedded sandbox passes every request for the service on
 * to one of the environments, at its base URL as main resolves it (the page never names a URL).
 * None of the environment's secrets is used or sent: the SDK logs in with its own credentials,
 * which pass through. The choice is kept in the sandbox's settings as the environment's id, so
 * a change of its base URL or timeout is followed, and its deletion turns forwarding off, said
 * in the tab.
 */

export interface SandboxForwardDeps {
  sandbox: SandboxServer;
  settings: SandboxSettingsFile;
  environments: Environments;
  /** Where each change of the status goes: a choice, a change it followed, a failure of the upstream. */
  onChange(status: SandboxForwardStatus): void;
}

type Target = NonNullable<SandboxForwardStatus['target']>;

const OFF = 'forwarding is off: the sandbox answers every request itself.';

/** What the SDK was told when the upstream gave no answer: the message of the sandbox's 502 (or 503). */
function failureMessage(record: SandboxRequestRecord): string {
  try {
    const body = JSON.parse(record.response?.body.text ?? '') as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // A body cut short in the record: the code alone says what happened.
  }
  return record.forwarded?.failure ?? 'No answer from the upstream.';
}

const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);

function environmentOrNull(environments: Environments, id: string): Environment | null {
  try {
    return environments.get(id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'environment-not-found') return null;
    throw error;
  }
}

export function createSandboxForward(deps: SandboxForwardDeps) {
  let target: Target | null = null;
  let notice: string | null = null;
  let lastFailure: SandboxForwardStatus['lastFailure'] = null;
  /** Changes go one at a time: each waits for the sandbox to resolve the upstream's name. */
  let changes: Promise<unknown> = Promise.resolve();

  const status = (): SandboxForwardStatus => ({ target: target && { ...target }, notice, lastFailure: lastFailure && { ...lastFailure } });

  /** The upstream an environment stands for; the embedded sandbox's own environment would loop. */
  function targetOf(environment: Environment): Target {
    if (environment.embeddedSandbox) {
      throw new AppError(
        'sandbox-forward-loop',
        `${environment.name} is this sandbox: forwarding to it would pass each request back to itself without end. Choose the environment of the service to pass requests on to.`,
      );
    }
    const url = deps.environments.resolvedBaseUrl(environment.id);
    return {
      environmentId: environment.id,
      environmentName: environment.name,
      url,
      timeoutMs: forwardTimeoutMs(environment.requestTimeoutMs),
      requestTimeoutMs: environment.requestTimeoutMs,
    };
  }

  async function apply(next: Target | null): Promise<void> {
    await deps.sandbox.setForward(next && { url: next.url, timeoutMs: next.timeoutMs });
    target = next;
    lastFailure = null;
  }

  /** Turns forwarding off by itself, saying why, and forgets the choice. */
  async function turnOff(why: string): Promise<void> {
    await apply(null);
    notice = why;
    await deps.settings.update({ forward: null });
  }

  function queue<T>(change: () => Promise<T>): Promise<T> {
    const run = changes.then(change);
    changes = run.catch(() => undefined);
    return run;
  }

  /** Forwards to the environment as it is now (its address may have changed); one that cannot be forwarded to turns forwarding off, saying why. */
  async function forwardOrTurnOff(environment: Environment): Promise<void> {
    try {
      const next = targetOf(environment);
      if (target === null || next.url !== target.url || next.timeoutMs !== target.timeoutMs) await apply(next);
      else target = next;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await turnOff(`${error.message} ${capitalized(OFF)}`);
    }
  }

  /** The environment forwarded to changed or was removed: follow its address and timeout, or turn off. */
  async function follow(environmentId: string): Promise<void> {
    if (target?.environmentId !== environmentId) return;
    const name = target.environmentName;
    const environment = environmentOrNull(deps.environments, environmentId);
    if (environment === null) return turnOff(`${name} was deleted, so ${OFF}`);
    return forwardOrTurnOff(environment);
  }

  deps.environments.onChanged((environmentId) => {
    if (target?.environmentId !== environmentId) return;
    void queue(() => follow(environmentId))
      .then(() => deps.onChange(status()))
      .catch((error: unknown) => console.error('The sandbox could not follow a change of the environment it forwards to:', error));
  });

  deps.sandbox.onRequest((record) => {
    const failure = record.forwarded?.failure;
    if (!failure || target === null) return;
    lastFailure = { time: record.time, url: record.forwarded!.url, failure, message: failureMessage(record) };
    deps.onChange(status());
  });

  return {
    status,

    /** Forwards to the environment the settings remember; one that is gone (or now leads back to the sandbox) turns forwarding off, said in the tab. */
    restore(): Promise<void> {
      return queue(async () => {
        const { forward } = await deps.settings.read();
        if (forward === null) return;
        const environment = environmentOrNull(deps.environments, forward.environmentId);
        if (environment === null) return turnOff(`The environment chosen to forward to no longer exists, so ${OFF}`);
        await forwardOrTurnOff(environment);
      });
    },

    /**
     * Forwards to the environment from now on and at the next start (null: off). The Local
     * sandbox, or an environment whose address is the sandbox's own, is refused
     * (sandbox-forward-loop), and forwarding stays as it was.
     */
    set(environmentId: string | null): Promise<SandboxForwardStatus> {
      return queue(async () => {
        await apply(environmentId === null ? null : targetOf(deps.environments.get(environmentId)));
        notice = null;
        await deps.settings.update({ forward: environmentId === null ? null : { environmentId } });
        deps.onChange(status());
        return status();
      });
    },
  };
}
export type SandboxForward = ReturnType<typeof createSandboxForward>;
