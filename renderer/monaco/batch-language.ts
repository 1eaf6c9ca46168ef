import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { formatDateTime } from '../../base/common/datetime.ts';
import { batchJsonSchema } from '../../features/validation/common/event-schema.ts';
import { batchSchemaWithPlan, startingAttributes, type StartingAttribute } from '../../features/plans/common/editor-schema.ts';
import { DEFAULT_PLAN_KEY, type TrackingPlan } from '../../features/plans/common/plan.ts';
import type { Diagnostic } from '../../features/validation/common/validation.ts';
import { monaco } from './setup.ts';
import { SERVICE_ID_FIELD } from '../../features/environments/common/rules.ts';

/**
 * What the editor knows about batches beyond plain JSON: our validator's diagnostics as
 * markers, their quick fixes as code actions, the event schema for completion and hover, and
 * a snippet for a new event. Monaco's own JSON validation stays off: ours says more, and it
 * runs in a worker whatever the size.
 */

const OWNER = 'eventdesk';
const BATCH_SCHEMA_URI = 'eventdesk://schema/batch.json';
const diagnosticsByModel = new Map<string, Diagnostic[]>();
let context: { serviceIdField: string; timeZone: string; plan: TrackingPlan | null } = { serviceIdField: '', timeZone: '', plan: null };

/** The active environment's service-id field, time zone and tracking plan: what completion and hovers offer. */
export function setBatchContext(serviceIdField: string, timeZone: string, plan: TrackingPlan | null = null): void {
  if (context.serviceIdField === serviceIdField && context.timeZone === timeZone && context.plan === plan) return;
  context = { serviceIdField, timeZone, plan };
  // Other models' schemas (a plan file's, renderer/plans/PlanTextEditor.tsx) stay.
  const others = (jsonDefaults.diagnosticsOptions.schemas ?? []).filter((schema) => schema.uri !== BATCH_SCHEMA_URI);
  jsonDefaults.setDiagnosticsOptions({
    ...jsonDefaults.diagnosticsOptions,
    validate: false,
    schemas: [...others, { uri: BATCH_SCHEMA_URI, fileMatch: ['batch-*.json'], schema: batchSchemaWithPlan(batchJsonSchema(serviceIdField, timeZone), plan) }],
  });
}
setBatchContext(SERVICE_ID_FIELD, 'UTC');

/** Text as a snippet writes it literally. */
function literal(text: string): string {
  return text.replace(/[\\$}]/g, (character) => `\\${character}`);
}

/** A text's JSON string contents (no quotes), as a snippet writes them literally. */
function jsonInside(text: string): string {
  return literal(JSON.stringify(text).slice(1, -1));
}

/** A snippet placeholder: a choice among the plan's values, or the attribute's name to type over. */
function placeholder(at: number, attribute: StartingAttribute): string {
  if (!attribute.choices) return `\${${at}:${jsonInside(attribute.name)}}`;
  const choices = attribute.choices.map((choice) =>
    JSON.stringify(choice)
      .slice(1, -1)
      .replace(/[\\|,$}]/g, (character) => `\\${character}`),
  );
  return `\${${at}|${choices.join(',')}|}`;
}

/**
 * A new event's text: the environment's fields (now, a fresh device_id), and either the kind's
 * key value and required attributes from the plan, or a token and an attribute to type over.
 */
function eventSnippet(kind: { key: string; value: string; attributes: readonly StartingAttribute[] } | null): string {
  const now = formatDateTime(new Date(), context.timeZone);
  const token = kind?.key === 'token' ? jsonInside(kind.value) : `\${1:evt-${Date.now().toString(36)}}`;
  const fields = [
    `\t"token": "${token}",`,
    `\t"customer_id": "\${2:customer-id}",`,
    `\t"device_id": "${crypto.randomUUID()}",`,
    `\t"${context.serviceIdField}": \${3:1},`,
    `\t"created_at": "${now}",`,
  ];
  if (!kind) return ['{', ...fields, '\t"attributes": {', '\t\t"${4:name}": "${5:value}"', '\t}', '}'].join('\n');
  // The kind's value where the key's path puts it: a field, an attribute, or a field inside another.
  const [field, ...inside] = kind.key.split('.');
  const keyAttribute = field === 'attributes' && inside.length === 1 ? inside[0]! : null;
  if (kind.key !== 'token' && keyAttribute === null) {
    const value = inside.reduceRight<unknown>((nested, name) => ({ [name]: nested }), kind.value);
    fields.push(`\t"${jsonInside(field!)}": ${literal(JSON.stringify(value))},`);
  }
  const attributes = kind.attributes
    .filter((attribute) => attribute.name !== keyAttribute)
    .map((attribute, index) => `\t\t"${jsonInside(attribute.name)}": "${placeholder(index + 4, attribute)}"`);
  if (keyAttribute !== null) attributes.unshift(`\t\t"${jsonInside(keyAttribute)}": "${jsonInside(kind.value)}"`);
  return ['{', ...fields, '\t"attributes": {', attributes.join(',\n'), '\t}', '}'].join('\n');
}

// Monaco's JSON worker parses the whole text for its diagnostics even with its validation off,
// one call deeper per level: a batch nested 20 000 deep overflowed its stack on every edit.
// Ours say everything (and stop at the nesting limit), so its diagnostics are off altogether.
jsonDefaults.setModeConfiguration({ ...jsonDefaults.modeConfiguration, diagnostics: false });

export function showDiagnostics(model: monaco.editor.ITextModel, diagnostics: Diagnostic[]): void {
  diagnosticsByModel.set(model.uri.toString(), diagnostics);
  monaco.editor.setModelMarkers(
    model,
    OWNER,
    diagnostics.map((diagnostic) => ({
      severity: diagnostic.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
      message: diagnostic.message,
      code: diagnostic.code,
      startLineNumber: diagnostic.line,
      startColumn: diagnostic.column,
      endLineNumber: diagnostic.endLine,
      endColumn: diagnostic.endColumn,
    })),
  );
}

monaco.languages.registerCodeActionProvider('json', {
  provideCodeActions(model, range) {
    const actions = (diagnosticsByModel.get(model.uri.toString()) ?? [])
      .filter(
        (diagnostic) => diagnostic.fix && new monaco.Range(diagnostic.line, diagnostic.column, diagnostic.endLine, diagnostic.endColumn).intersectRanges(range),
      )
      .map((diagnostic) => ({
        title: diagnostic.fix!.title,
        kind: 'quickfix',
        isPreferred: true,
        diagnostics: [],
        edit: {
          edits: diagnostic.fix!.edits.map((edit) => ({
            resource: model.uri,
            versionId: model.getVersionId(),
            textEdit: { range: new monaco.Range(edit.line, edit.column, edit.endLine, edit.endColumn), text: edit.text },
          })),
        },
      }));
    return { actions, dispose: () => undefined };
  },
});

monaco.languages.registerCompletionItemProvider('json', {
  provideCompletionItems(model, position) {
    // New events belong in batches, not in a plan's JSON.
    if (!/batch-[^/]*\.json$/.test(model.uri.path)) return { suggestions: [] };
    const word = model.getWordUntilPosition(position);
    const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
    const snippet = (label: string, detail: string, insertText: string, documentation?: string): monaco.languages.CompletionItem => ({
      label,
      detail,
      ...(documentation ? { documentation } : {}),
      kind: monaco.languages.CompletionItemKind.Snippet,
      insertText,
      insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
      range,
    });
    const suggestions = [snippet('New event', `now (${context.timeZone}) and a fresh device_id`, eventSnippet(null))];
    const plan = context.plan;
    if (plan) {
      const key = plan.key ?? DEFAULT_PLAN_KEY;
      for (const kind of Object.keys(plan.events).sort()) {
        const text = eventSnippet({ key, value: kind, attributes: startingAttributes(plan, kind) });
        suggestions.push(snippet(`New event of kind ${kind}`, `its required attributes, from the plan “${plan.name}”`, text, plan.events[kind]!.description));
      }
    }
    return { suggestions };
  },
});
