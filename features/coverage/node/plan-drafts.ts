import path from 'node:path';
import type { z } from 'zod';
import type { EnvironmentSaveResult } from '../../environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import { mapCsv, suggestCsvMapping } from '../../formats/common/csv.ts';
import { readFileEvents } from '../../formats/common/file-events.ts';
import type { ImportResult } from '../../formats/common/import-result.ts';
import { parseJson } from '../../formats/common/json.ts';
import { inferPlan } from '../../plans/common/infer.ts';
import { planFileName, planText, type PlanDraft, type PlanDraftRequestSchema, type PlanSaveResult } from '../../plans/common/plan-draft.ts';
import { planProblemText } from '../../plans/common/plan-problem.ts';
import { plural } from '../../../base/common/plural.ts';
import { SERVICE_ID_FIELD } from '../../environments/common/rules.ts';
import type { CaptureStore } from '../../capture/node/capture-store.ts';
import { loadPlanInSlices, type LoadedPlan } from '../../plans/node/load.ts';
import { eventsOfFiles, PLAN_IMPORTERS, planSourcesOf } from '../../plans/node/plan-sources.ts';
import { captureBatches, eachEventOf } from './capture-batches.ts';
import { readText } from '../../documents/node/files.ts';
import { createAtomicWriter } from '../../../base/node/json-file.ts';
import type { FileDialogs } from '../../../base/node/ports.ts';
import { withSandbox } from '../../sandbox/node/no-sandbox.ts';

/**
 * "Draft a tracking plan" in the app: a plan inferred from the open batch, from batch files or
 * from what the sandbox captured, or imported from another tool's export, with the same code as `eventdesk plan infer|import`
 * (features/plans/common, features/plans/node/plan-sources.ts); saved where the user chooses once it loads
 * as a plan, and then one the user chose, so an environment may use it.
 */

export interface PlanDraftsDeps {
  dialogs: FileDialogs;
  /** The embedded sandbox's capture; absent or null when no sandbox runs. */
  capture?: CaptureStore | null;
  /** Each plan file the user chose or saved in a dialog: the only ones an environment may name (environments.ts). */
  chosen: Set<string>;
  /** Points the environment at the plan file, its other settings and secrets kept. */
  usePlanFile(environmentId: string, file: string): Promise<EnvironmentSaveResult>;
  /** The characters the files of one draft may hold together; MAX_SOURCE_CHARS unless a test says less. */
  maxSourceChars?: number;
}

/** As much as the largest batch file EventDesk opens: files chosen together are held together. */
const MAX_SOURCE_CHARS = 200 * 1024 * 1024;

type DraftRequest = z.output<typeof PlanDraftRequestSchema>;

const FORMAT_NAMES = { 'json-schema': 'JSON Schemas', segment: 'a Segment Protocols export', rudderstack: 'a RudderStack export' } as const;

/** A reader's answer as events, or why it has none, naming the file. */
function eventsOf(name: string, result: ImportResult) {
  if (!result.ok) throw new AppError('plan-source-format', `${name}: ${result.message}`);
  return result;
}

/** Reads each file whole (readText bounds one), refusing once the files read so far hold more than `limit` together. */
function boundedReader(limit: number): typeof readText {
  let total = 0;
  return async (file) => {
    const read = await readText(file);
    total += read.text.length;
    if (total > limit)
      throw new AppError('file-too-large', `The files chosen hold more than ${Math.round(limit / 1024 / 1024)} MB together; draft from fewer at a time.`);
    return read;
  };
}

/**
 * One batch file's events. A CSV's columns are mapped as the composer's import first guesses
 * them: the dialog offers no mapping of its own, and the note says where to make one.
 */
async function readEventFile(file: string, read: typeof readText) {
  const { name, text } = await read(file);
  const reading = readFileEvents(name, text);
  if (reading === null) throw new AppError('plan-source-format', `${name} is not a format EventDesk reads (JSON, NDJSON, CSV, HAR or cURL).`);
  if (reading.format !== 'csv') return eventsOf(name, reading.result);
  if (!reading.table.ok) throw new AppError('plan-source-format', `${name}: ${reading.table.message}`);
  const options = { serviceIdField: SERVICE_ID_FIELD };
  const mapped = eventsOf(name, mapCsv(reading.table, suggestCsvMapping(reading.table.headers, options), options));
  const note = 'its columns were mapped as EventDesk guesses them; to map them yourself, import it into a batch (Import events…) and infer from the batch';
  return { events: mapped.events, note: [mapped.note, note].filter(Boolean).join('; ') };
}

function naming(request: DraftRequest): { key?: string; name?: string } {
  return { ...(request.key === undefined ? {} : { key: request.key }), ...(request.name === undefined ? {} : { name: request.name }) };
}

function inferred(events: Iterable<unknown>, from: (count: number) => string, notes: readonly string[], request: DraftRequest): PlanDraft {
  const result = inferPlan(events, naming(request));
  return {
    text: planText(result.plan),
    kinds: Object.keys(result.plan.events).length,
    from: from(result.events),
    events: result.events,
    planned: result.planned,
    notes: [...notes, ...result.notes],
    advice: result.advice,
  };
}

export function createPlanDrafts(deps: PlanDraftsDeps) {
  const limit = deps.maxSourceChars ?? MAX_SOURCE_CHARS;
  return {
    /** A draft plan from the request's source; null when the user cancelled the dialog that asks for files. */
    async draft(request: DraftRequest): Promise<PlanDraft | null> {
      switch (request.source) {
        case 'batch': {
          const batch = eventsOf(request.batchName, parseJson(request.text));
          return inferred(batch.events, (count) => `${plural(count, 'event')} of ${request.batchName}`, [], request);
        }
        case 'files': {
          const files = await deps.dialogs.chooseFilesToOpen('events');
          if (files.length === 0) return null;
          const read = boundedReader(limit);
          const { events, notes } = await eventsOfFiles(
            files,
            (file) => readEventFile(file, read),
            (file) => path.basename(file),
          );
          const where = files.length === 1 ? path.basename(files[0]!) : plural(files.length, 'file');
          return inferred(events, (count) => `${plural(count, 'event')} of ${where}`, notes, request);
        }
        case 'capture': {
          const { reading, parts } = captureBatches(withSandbox(deps.capture), { from: null, to: null, acceptedOnly: request.acceptedOnly });
          const which = request.acceptedOnly ? 'the sandbox accepted' : 'captured';
          return inferred(eachEventOf(parts), (count) => `${plural(count, 'event')} ${which} (${plural(reading.matching, 'request')})`, [], request);
        }
        case 'import': {
          const paths = await deps.dialogs.chooseFilesToOpen(request.folder ? 'plan-export-folder' : 'plan-exports');
          if (paths.length === 0) return null;
          const sources = await planSourcesOf(paths, boundedReader(limit));
          const result = PLAN_IMPORTERS[request.format](sources, naming(request));
          if (!result.ok) throw new AppError('plan-source-format', result.message);
          return {
            text: planText(result.plan),
            kinds: Object.keys(result.plan.events).length,
            from: `${plural(sources.length, 'file')} of ${FORMAT_NAMES[request.format]}`,
            events: null,
            planned: null,
            notes: result.notes,
            advice: null,
          };
        }
      }
    },

    /**
     * Saves a plan's text where the user chooses (offered as `<name>.plan.json`), once it loads
     * as a plan with no error: otherwise its problems come back and nothing is asked or written.
     * Null when the user cancelled the dialog.
     */
    async save(text: string): Promise<PlanSaveResult | null> {
      let loaded: LoadedPlan;
      try {
        // In slices: this thread answers every call, and a large plan compiles for seconds.
        loaded = await loadPlanInSlices(text, 'The plan', { module: false });
      } catch (error) {
        if (error instanceof AppError) return { saved: false, problems: [error.message] };
        throw error;
      }
      const errors = loaded.problems.filter((problem) => problem.severity === 'error');
      if (errors.length > 0) return { saved: false, problems: errors.map(planProblemText) };
      const chosen = await deps.dialogs.chooseFileToSave(planFileName(loaded.plan.name));
      if (chosen === null) return null;
      const file = path.resolve(chosen);
      try {
        await createAtomicWriter(file)(text);
      } catch (error) {
        throw new AppError('plan-unwritable', `The plan cannot be written to ${file}.`, error instanceof Error ? error.message : String(error));
      }
      deps.chosen.add(file);
      return { saved: true, path: file, name: path.basename(file), warnings: loaded.problems.map(planProblemText) };
    },

    /** The environment checks its batches against the plan file from now on: one the user chose or saved in a dialog. */
    async use(environmentId: string, file: string): Promise<EnvironmentSaveResult> {
      if (!deps.chosen.has(file)) throw new AppError('plan-not-chosen', 'A tracking plan is taken only from a file chosen or saved in the file dialog.');
      return deps.usePlanFile(environmentId, file);
    },
  };
}
export type PlanDrafts = ReturnType<typeof createPlanDrafts>;
