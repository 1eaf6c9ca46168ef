import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const projectRoot = path.resolve(import.meta.dirname, '..');

/**
 * Every start shows the editor, so its chunks (Monaco with our editors, and the JSON mode Monaco
 * loads for the first JSON model) are fetched beside the entry, from the page's head, rather than
 * one after another once the shell has rendered. The lazy imports then find them loaded.
 */
export function preloadEditorChunks(): Plugin {
  let base = './';
  return {
    name: 'eventdesk:preload-editor-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const tags: HtmlTagDescriptor[] = [];
        for (const chunk of Object.values(bundle ?? {})) {
          if (chunk.type !== 'chunk' || !(chunk.facadeModuleId?.endsWith('/renderer/shell/editors.ts') || chunk.name === 'jsonMode')) continue;
          tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` }, injectTo: 'head' });
          for (const css of chunk.viteMetadata?.importedCss ?? [])
            tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${css}` }, injectTo: 'head' });
        }
        if (tags.length < 2) throw new Error('The editor chunks to preload are not in the bundle: did renderer/shell/editors.ts move?');
        return tags;
      },
    },
  };
}

export default defineConfig({
  root: path.join(projectRoot, 'renderer'),
  plugins: [react(), preloadEditorChunks()],
  worker: { format: 'es' },
  build: {
    outDir: path.join(projectRoot, '.vite', 'renderer', 'main_window'),
    emptyOutDir: true,
    // Monaco is one large chunk by nature; it is loaded from disk, not the network.
    chunkSizeWarningLimit: 6000,
  },
});
