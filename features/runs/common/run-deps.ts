import type { EnvironmentSettings } from '../../environments/common/environment.ts';
import { redactText } from '../../../base/common/redaction/redact.ts';
import type { SandboxFaults, SandboxFaultsPatch, SandboxRequestRecord } from '../../sandbox/common/sandbox.ts';
import type { StepVerdict } from '../../history/common/step-verdict.ts';
import type { SentOutcome, ValidationCounts } from './expectations.ts';

/**
 * What the scenario engine needs from where it runs (the app's services or the command line),
 * so that both run scenarios through the same engine (engine.ts).
 */

/** Sends a step's resolved events through the app's normal send path (validation, chunks, retries, History). */
export interface StepSender {
  /** The batch checked as Send checks it: the environment's rules and its tracking plan. */
  validate(environment: EnvironmentSettings, events: readonly unknown[]): Promise<ValidationCounts>;
  /**
   * Sends the events, recorded in History under `label`, and resolves once the send has ended
   * (or was cancelled by `signal`). Rejects with an AppError when nothing could be sent (no
   * login, no API key): its message is the step's reason.
   */
  send(request: { environment: EnvironmentSettings; events: readonly unknown[]; label: string; signal: AbortSignal }): Promise<SentOutcome>;
  /** Records in History, beside the send `send` made to `environment`, what the step made of it. */
  judged(request: { environment: EnvironmentSettings; submissionId: string; verdict: StepVerdict }): Promise<void>;
}

/** The sandbox's own tools (/_sandbox/*) at an environment's address. */
export interface SandboxTools {
  /** The faults in force; null when the address answers no /_sandbox/faults: it is no sandbox. */
  faults(): Promise<SandboxFaults | null>;
  setFaults(patch: SandboxFaultsPatch): Promise<void>;
  /** Ends every access token the sandbox issued, so the next request is refused as expired and the sender logs in again. */
  expireTokens(): Promise<void>;
  /** The requests it keeps, newest first: only those after request `after`, `limit` at most. */
  requests(query?: { after?: number; limit?: number }): Promise<SandboxRequestRecord[]>;
}

export interface RunDeps {
  /** A workspace file's text by its path relative to the root; rejects with an Error whose message names the file and says why. */
  readFile(path: string): Promise<string>;
  /** An environment's settings, by name (null: the workspace's default); rejects with an Error naming what is missing. */
  environment(name: string | null): Promise<EnvironmentSettings>;
  sender: StepSender;
  sandbox(environment: EnvironmentSettings): SandboxTools;
  /** Values to mask in every reason (API keys, passwords, tokens), read when a reason is written. */
  secrets?(): readonly string[];
  now?(): Date;
}

export interface RunRequest {
  /** The workspace's root, absolute, as the result names it. */
  workspace: string;
  /** The scenario files to run, relative to the root, in order. */
  scenarios: readonly string[];
  /** The environment every step sends to unless the step names its own (`--env NAME`); else the scenario's, else the workspace's default. */
  environment?: string | null;
  /** A data file (relative to the root) read instead of each step's own, by the steps that read one (`--data FILE`). */
  data?: string | null;
  /** Stop after the first failed step of the run (`--bail`): every step not run is reported skipped. */
  bail?: boolean;
  runId?: string;
}

/** A text with every secret the run knows masked, as every reason is before it is reported or kept. */
export function masked(deps: Pick<RunDeps, 'secrets'>, text: string): string {
  return redactText(text, deps.secrets?.() ?? []);
}
