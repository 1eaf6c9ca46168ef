import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
// The editor API and JSON. Monaco's JSON mode (loaded when the first JSON model appears) imports
// internal/common/workers, which registers every editor contribution and the services they need.
// Registered after an editor exists, those services are unknown to it and the next editor fails
// ("depends on UNKNOWN service ICodeLensCache"): so they are registered here, before any editor.
import 'monaco-editor/language/json/monaco.contribution';
import 'monaco-editor/internal/common/workers';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// Without this, @monaco-editor/react fetches Monaco from a CDN: offline and under our CSP that fails.
loader.config({ monaco });

export { monaco };
