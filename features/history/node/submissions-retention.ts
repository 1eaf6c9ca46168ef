import { statSync } from 'node:fs';
import { RetentionSchema, type HistoryUsage, type Retention } from '../common/history.ts';
import { parseJsonOrNull } from '../../../base/node/json-file.ts';
import type { StoreContext } from './submissions-context.ts';
import type { Row } from './submissions-rows.ts';

/** The history's retention: its setting, applying it, and the space the history takes. */

export function retentionRules({ db, file, transaction, prepared, reclaim }: StoreContext, remove: (ids: readonly string[]) => number) {
  const statements = {
    getSetting: db.prepare('SELECT value FROM settings WHERE key = ?'),
    putSetting: db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
    usage: db.prepare('SELECT count(*) AS submissions, coalesce(sum(stored_bytes), 0) AS stored FROM submissions'),
    // The newest submission is never a candidate: a limit smaller than one send must not delete the send just made.
    oldestFirst: db.prepare(`SELECT id, stored_bytes FROM submissions WHERE status <> 'sending'
      AND id <> (SELECT id FROM submissions ORDER BY started_at DESC, seq DESC LIMIT 1) ORDER BY started_at, seq`),
  };

  return {
    retention(): Retention {
      const row = statements.getSetting.get('retention') as Row | undefined;
      const parsed = row ? RetentionSchema.safeParse(parseJsonOrNull(String(row.value))) : null;
      return parsed?.success ? parsed.data : { keep: 'all' };
    },

    setRetention(retention: Retention): void {
      statements.putSetting.run('retention', JSON.stringify(RetentionSchema.parse(retention)));
    },

    /**
     * Drops what the retention setting no longer keeps: submissions older than its days, or the
     * oldest ones until the rest fits its size. A send under way, and the newest submission, are never dropped. Returns how many went.
     */
    applyRetention(now = new Date()): number {
      const retention = this.retention();
      if (retention.keep === 'days') {
        const cutoff = new Date(now.getTime() - retention.days * 86_400_000).toISOString();
        const deleted = transaction(() => Number(prepared(`DELETE FROM submissions WHERE status <> 'sending' AND started_at < ?`).run(cutoff).changes));
        reclaim();
        return deleted;
      }
      if (retention.keep === 'size') {
        let excess = Number((statements.usage.get() as Row).stored) - retention.megabytes * 1024 * 1024;
        const doomed: string[] = [];
        for (const row of statements.oldestFirst.iterate() as Iterable<Row>) {
          if (excess <= 0) break;
          doomed.push(String(row.id));
          excess -= Number(row.stored_bytes);
        }
        return doomed.length === 0 ? 0 : remove(doomed);
      }
      return 0;
    },

    usage(): HistoryUsage {
      const row = statements.usage.get() as Row;
      const sizeOf = (name: string) => {
        try {
          return statSync(name).size;
        } catch {
          return 0;
        }
      };
      return { submissions: Number(row.submissions), storedBytes: Number(row.stored), fileBytes: sizeOf(file) + sizeOf(`${file}-wal`) };
    },
  };
}
