import { serveAppFile, type FileResponse } from './app-files.ts';
import { servePlanScript } from './plan-scripts.ts';

/** Where the app's pages come from: the built renderer, or the Vite dev server during `npm start`. */
export type PageSource = (url: URL, headers: Headers) => Promise<FileResponse>;

export function builtPages(rendererRoot: string): PageSource {
  return (url) => serveAppFile(rendererRoot, url.pathname);
}

/**
 * What `app://` answers: a tracking plan's validators from the services, every other path from
 * the page source. The same in a packaged build and under `npm start`, so the page has one
 * origin, one trust check and every route in both.
 */
export function appSchemeResponder(pages: PageSource, planScript: (hash: string) => Promise<string | null>) {
  return async (requestUrl: string, headers: Headers): Promise<FileResponse> => {
    const url = new URL(requestUrl);
    return (await servePlanScript(url.pathname, planScript)) ?? (await pages(url, headers));
  };
}
