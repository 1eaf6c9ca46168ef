import { redactValue } from '../../base/common/redaction/redact.ts';
import { knownSecrets } from '../../features/environments/node/vault.ts';
import type { Vault } from '../../features/environments/node/vault.ts';

/**
 * What the page reads of the history is masked again with its environment's current secrets.
 * Sends mask before they store; this is defence in depth for rows an older version wrote raw.
 */
export function maskedByEnvironment(vault: Pick<Vault, 'get'>) {
  return <T extends { environmentId: string }>(row: T): T => redactValue(row, knownSecrets([vault.get(row.environmentId)]));
}
