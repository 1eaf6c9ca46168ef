import Editor from '@monaco-editor/react';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import planSchema from '../../docs/plan.schema.json';
import '../monaco/setup.ts';
import { useColorScheme } from '../base/theme.ts';
import type { PlanTextEditorProps } from '../base/editors.ts';

/** The plan file's own JSON Schema, for completion and hovers in any model named *.plan.json. */
const PLAN_SCHEMA_URI = 'eventdesk://schema/plan.json';

function offerPlanSchema(): void {
  const schemas = jsonDefaults.diagnosticsOptions.schemas ?? [];
  if (schemas.some((schema) => schema.uri === PLAN_SCHEMA_URI)) return;
  jsonDefaults.setDiagnosticsOptions({
    ...jsonDefaults.diagnosticsOptions,
    schemas: [...schemas, { uri: PLAN_SCHEMA_URI, fileMatch: ['*.plan.json'], schema: planSchema }],
  });
}

/**
 * A drafted plan's JSON, editable, completed and explained on hover from docs/plan.schema.json.
 * Uncontrolled: a new draft mounts a new editor (its key), and each edit is reported. Loaded on
 * demand, with Monaco.
 */
export default function PlanTextEditor({ initialText, onChange }: PlanTextEditorProps) {
  const scheme = useColorScheme();
  // renderFinalNewline 'on': the plan ends with a newline, whose dimmed line number fails contrast (axe).
  return (
    <div className="plan-text-editor" data-testid="plan-text-editor">
      <Editor
        path="draft.plan.json"
        defaultValue={initialText}
        language="json"
        theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
        beforeMount={offerPlanSchema}
        onChange={(text) => onChange(text ?? '')}
        loading={<p className="empty">Loading the editor…</p>}
        options={{
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          renderFinalNewline: 'on',
          automaticLayout: true,
          fontSize: 12,
          tabSize: 2,
          ariaLabel: 'The drafted plan as JSON',
        }}
      />
    </div>
  );
}
