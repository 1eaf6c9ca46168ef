import type { HtmlTagDescriptor, IndexHtmlTransformContext, ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadEditorChunks } from '../../build/vite.renderer.config.ts';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

const chunk = (fileName: string, name: string, facadeModuleId: string | null, css: string[] = []) => ({
  type: 'chunk',
  fileName,
  name,
  facadeModuleId,
  viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
});

function headTags(bundle: Record<string, unknown>, base = './'): HtmlTagDescriptor[] {
  const plugin = preloadEditorChunks();
  (plugin.configResolved as (config: Pick<ResolvedConfig, 'base'>) => void)({ base });
  const { handler } = plugin.transformIndexHtml as { handler: (html: string, context: Pick<IndexHtmlTransformContext, 'bundle'>) => HtmlTagDescriptor[] };
  return handler('<html></html>', { bundle: bundle as Bundle });
}

describe('the renderer build', () => {
  it('has the page’s head fetch the editor’s chunks and their styles beside the entry', () => {
    const tags = headTags({
      'assets/index-a.js': chunk('assets/index-a.js', 'index', '/app/renderer/index.html'),
      'assets/editors-b.js': chunk('assets/editors-b.js', 'editors', '/app/renderer/shell/editors.ts', ['assets/editors-b.css']),
      'assets/jsonMode-c.js': chunk('assets/jsonMode-c.js', 'jsonMode', '/app/node_modules/monaco-editor/jsonMode.js', ['assets/jsonMode-c.css']),
      'assets/editors-b.css': { type: 'asset', fileName: 'assets/editors-b.css' },
    });
    expect(tags.map((tag) => tag.attrs)).toEqual([
      { rel: 'modulepreload', crossorigin: true, href: './assets/editors-b.js' },
      { rel: 'preload', as: 'style', crossorigin: true, href: './assets/editors-b.css' },
      { rel: 'modulepreload', crossorigin: true, href: './assets/jsonMode-c.js' },
      { rel: 'preload', as: 'style', crossorigin: true, href: './assets/jsonMode-c.css' },
    ]);
    expect(tags.every((tag) => tag.tag === 'link' && tag.injectTo === 'head')).toBe(true);
  });

  it('fails the build when the editor chunk is gone, rather than quietly starting slow again', () => {
    expect(() => headTags({ 'assets/index-a.js': chunk('assets/index-a.js', 'index', '/app/renderer/index.html') })).toThrow(
      'editor chunks to preload are not in the bundle',
    );
  });
});
