import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';
import { forward } from './forward.ts';

export function registerHistoryHandlers({ history, historyView, sending, historyExport, files }: Services) {
  return {
    ...forward(historyView, {
      'history:list': 'list',
      'history:count': 'count',
      'history:timeline': 'timeline',
      'history:batch': ['batch', 'id'],
      'history:annotate': 'annotate',
      'history:delete': 'delete',
      'history:retention': 'retention',
      'history:setRetention': 'setRetention',
    }),
    ...forward(history, { 'history:setAside': 'setAside' }),
    'history:resend': ({ id, again }) => sending.resend(id, again),
    // Main builds the file and writes it where the user chose (the page never gets it, secrets and all).
    'history:export': async ({ ids, format, withSecrets }) => {
      const file = historyExport.build(ids, format, withSecrets);
      const path = await files.exportAs(file.fileName, file.text);
      return path === null ? null : { path };
    },
  } satisfies Partial<Handlers>;
}
