import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
// The slim build: the editor API, JSON, and the editing features a JSON author expects.
import 'monaco-editor/language/json/monaco.contribution';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/codeAction/browser/codeActionContributions';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/format/browser/formatActions';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor';
import 'monaco-editor/editor/contrib/smartSelect/browser/smartSelect';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
// Monaco's JSON mode (loaded with the first JSON model) imports every other editor contribution
// and registers the services they need. Services registered after an editor exists are unknown
// to it, so any later editor (the history's viewer, the diff) failed ("depends on UNKNOWN
// service ICodeLensCache"). Registering those services here, before any editor, fixes that
// without giving the composer's editor the other contributions (peekView and symbolNavigation
// bring a small controller and two commands with their services).
import 'monaco-editor/editor/browser/services/inlineCompletionsService';
import 'monaco-editor/editor/browser/widget/diffEditor/diffProviderFactoryService';
import 'monaco-editor/editor/common/services/languageFeatureDebounce';
import 'monaco-editor/editor/common/services/semanticTokensStylingService';
import 'monaco-editor/editor/common/services/treeViewsDndService';
import 'monaco-editor/editor/contrib/codelens/browser/codeLensCache';
import 'monaco-editor/editor/contrib/documentSymbols/browser/outlineModel';
import 'monaco-editor/editor/contrib/editorState/browser/keybindingCancellation';
import 'monaco-editor/editor/contrib/inlayHints/browser/inlayHintsController';
import 'monaco-editor/editor/contrib/peekView/browser/peekView';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/symbolNavigation';
// After Monaco's own sheets, in the same chunk: its rules and ours have the same specificity, so
// the later one wins. Imported from the shell, ours came first and changed nothing.
import './monaco.css';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// Without this, @monaco-editor/react fetches Monaco from a CDN: offline and under our CSP that fails.
loader.config({ monaco });

export { monaco };
