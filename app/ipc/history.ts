import { AppError } from '../../base/common/errors.ts';
import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';
import { maskedByEnvironment } from './masked.ts';

export function registerHistoryHandlers({
  history,
  submissions,
  sending,
  historyExport,
  files,
  vault,
  coverage,
}: Services): Pick<
  Handlers,
  | 'history:list'
  | 'history:count'
  | 'history:timeline'
  | 'history:batch'
  | 'history:annotate'
  | 'history:delete'
  | 'history:resend'
  | 'history:export'
  | 'history:retention'
  | 'history:setRetention'
  | 'history:setAside'
  | 'history:coverage'
  | 'history:stopCoverage'
> {
  function batchOf(id: string): string {
    const batch = submissions.batch(id);
    if (batch === null) throw new AppError('submission-not-found', 'That submission no longer exists.');
    return batch;
  }

  const retention = () => ({ retention: submissions.retention(), usage: submissions.usage() });
  const masked = maskedByEnvironment(vault);

  return {
    'history:list': ({ filter, before, limit }) => submissions.list({ filter, before, limit }).map(masked),
    'history:count': ({ filter }) => submissions.count(filter),
    'history:timeline': ({ filter, unit }) => submissions.timeline(filter, unit),
    'history:batch': ({ id }) => JSON.stringify(JSON.parse(batchOf(id)), null, 2),
    'history:annotate': ({ id, label, note }) => masked(submissions.annotate(id, { label, note })),
    'history:delete': (input) => ({ deleted: 'ids' in input ? submissions.delete(input.ids) : submissions.deleteMatching(input.filter) }),
    'history:resend': ({ id, again }) => sending.resend(id, again),
    'history:export': async ({ ids, format, withSecrets }) => {
      const file = historyExport.build(ids, format, withSecrets);
      const path = await files.exportAs(file.fileName, file.text);
      return path === null ? null : { path };
    },
    'history:retention': retention,
    'history:setRetention': (input) => {
      submissions.setRetention(input);
      const deleted = submissions.applyRetention();
      return { ...retention(), deleted };
    },
    'history:setAside': () => history.setAside(),
    'history:coverage': (input) => coverage.history(input),
    'history:stopCoverage': ({ runId }) => {
      coverage.stop(runId);
      return null;
    },
  };
}
