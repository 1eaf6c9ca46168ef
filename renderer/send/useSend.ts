import { useEffect, useState } from 'react';
import type { Diagnostic } from '../../shared/validation.ts';
import { useActiveEnvironment } from '../environments/queries.ts';
import { useApi } from '../queries.ts';
import type { Batch } from '../state/composer.ts';
import { useNotices, useUi } from '../state/ui.ts';
import { useSendState } from './state.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Keeps progress of every send in the store, from the send:progress push. */
export function useSendProgressEvents(): void {
  const api = useApi();
  const progressed = useSendState((state) => state.progressed);
  useEffect(() => api.send.onProgress(progressed), [api, progressed]);
}

/**
 * Send with the checks a careful tester wants: errors block unless confirmed, production asks,
 * and the same resolved batch sent to the same place before asks again, naming when.
 */
export function useSend(batch: Batch | null, diagnostics: Diagnostic[]) {
  const api = useApi();
  const environment = useActiveEnvironment();
  const notify = useNotices((state) => state.notify);
  const askLogin = useUi((state) => state.askLogin);
  const sent = useSendState((state) => state.sent);
  const [busy, setBusy] = useState(false);

  async function send() {
    if (!batch || !environment || busy) return;
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
    if (errors > 0 && !window.confirm(`The batch has ${errors} ${errors === 1 ? 'error' : 'errors'}. Send it anyway?`)) return;
    if (environment.production && !window.confirm(`“${environment.name}” is a production environment. Send this batch there?`)) return;
    setBusy(true);
    try {
      let result = await api.send.start({ environmentId: environment.id, batchText: batch.text, again: false });
      if ('duplicateOf' in result) {
        const earlier = result.duplicateOf;
        if (!window.confirm(`This exact batch was already sent to “${environment.name}” on ${when.format(new Date(earlier.startedAt))} (${earlier.status}). Send it again?`)) return;
        result = await api.send.start({ environmentId: environment.id, batchText: batch.text, again: true });
      }
      if ('started' in result) sent(batch.id, result.started.id);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'needs-login') askLogin(environment.id);
      notify('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return { send, busy, ready: Boolean(batch && environment) };
}
