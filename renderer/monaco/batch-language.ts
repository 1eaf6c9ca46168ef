import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { formatDateTime } from '../../shared/datetime.ts';
import { batchJsonSchema } from '../../shared/event-schema.ts';
import type { Diagnostic } from '../../shared/validation.ts';
import { monaco } from './setup.ts';
import { SERVICE_ID_FIELD } from '../../shared/validation/rules.ts';

/**
 * What the editor knows about batches beyond plain JSON: our validator's diagnostics as
 * markers, their quick fixes as code actions, the event schema for completion and hover, and
 * a snippet for a new event. Monaco's own JSON validation stays off: ours says more, and it
 * runs in a worker whatever the size.
 */

const OWNER = 'eventdesk';
const diagnosticsByModel = new Map<string, Diagnostic[]>();
let context = { serviceIdField: SERVICE_ID_FIELD, timeZone: 'UTC' };

export function setBatchContext(serviceIdField: string, timeZone: string): void {
  if (context.serviceIdField === serviceIdField && context.timeZone === timeZone) return;
  context = { serviceIdField, timeZone };
  jsonDefaults.setDiagnosticsOptions({
    ...jsonDefaults.diagnosticsOptions,
    validate: false,
    schemas: [{ uri: 'eventdesk://schema/batch.json', fileMatch: ['batch-*.json'], schema: batchJsonSchema(serviceIdField, timeZone) }],
  });
}
setBatchContext(SERVICE_ID_FIELD, 'UTC');
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
      .filter((diagnostic) => diagnostic.fix && new monaco.Range(diagnostic.line, diagnostic.column, diagnostic.endLine, diagnostic.endColumn).intersectRanges(range))
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
    const word = model.getWordUntilPosition(position);
    const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
    const now = formatDateTime(new Date(), context.timeZone);
    const body = [
      '{',
      `\t"token": "\${1:evt-${Date.now().toString(36)}}",`,
      `\t"customer_id": "\${2:customer-id}",`,
      `\t"device_id": "${crypto.randomUUID()}",`,
      `\t"${context.serviceIdField}": \${3:1},`,
      `\t"created_at": "${now}",`,
      '\t"attributes": {',
      '\t\t"${4:name}": "${5:value}"',
      '\t}',
      '}',
    ].join('\n');
    return {
      suggestions: [
        {
          label: 'New event',
          detail: `now (${context.timeZone}) and a fresh device_id`,
          kind: monaco.languages.CompletionItemKind.Snippet,
          insertText: body,
          insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
          range,
        },
      ],
    };
  },
});
