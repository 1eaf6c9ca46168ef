import { createHash } from 'node:crypto';
import type { Environment } from '../common/environment.ts';

/** Where a send goes when no window chose it: the command line's target and its credentials. */

export interface TargetSecrets {
  username: string;
  password: string;
  apiKey: string;
}

export interface Target {
  environment: Environment;
  secrets: TargetSecrets;
}

/**
 * The environment id a command-line target records its submissions under: the same base URL and
 * username give the same id in every run, so the same-batch warning works from one run to the next.
 */
export function commandLineEnvironmentId({ environment }: Target): string {
  return `cli-${createHash('sha256').update(`${environment.baseUrl}\n${environment.username}`).digest('hex').slice(0, 16)}`;
}
