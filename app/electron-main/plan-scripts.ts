import { PLAN_SCRIPT_PATH } from '../../features/plans/common/plan-status.ts';
import { textResponse, type FileResponse } from './app-files.ts';
import { SECURITY_HEADERS } from './security.ts';

/**
 * The route of a tracking plan's validators (`/plans/<sha256>.js`): a module the services wrote
 * (features/plans/node/standalone.ts) that the editor's worker imports as a script of the app's own
 * origin, under the same CSP as every file. The app's scheme and the test harness both answer
 * through this. Named by its content's hash, it never changes, so it may be kept.
 */
export async function servePlanScript(urlPath: string, scriptOf: (hash: string) => Promise<string | null>): Promise<FileResponse | null> {
  const hash = PLAN_SCRIPT_PATH.exec(urlPath)?.[1];
  if (hash === undefined) return null;
  const script = await scriptOf(hash);
  if (script === null) return textResponse(404, 'Not found');
  return {
    status: 200,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' },
    body: new TextEncoder().encode(script),
  };
}
