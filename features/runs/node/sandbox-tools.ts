import { z } from 'zod';
import { SandboxFaultsSchema, SandboxRequestRecordSchema } from '../../sandbox/common/sandbox.ts';
import type { SandboxTools } from '../common/run-deps.ts';
import type { Fetch } from '../../../base/node/ports.ts';

/**
 * The sandbox's /_sandbox/* tools over HTTP, for the scenario engine: they work the same against
 * the app's embedded sandbox, `eventdesk sandbox` run on its own, and a forwarding sandbox
 * (whose tools stay its own). Every call is bounded in time.
 */

const TOOL_TIMEOUT_MS = 10_000;

const RequestsSchema = z.array(SandboxRequestRecordSchema);

export function sandboxToolsAt(baseUrl: string, fetch: Fetch = globalThis.fetch): SandboxTools {
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, baseUrl);
    try {
      return await fetch(url.href, { ...init, signal: AbortSignal.timeout(TOOL_TIMEOUT_MS) });
    } catch (error) {
      throw new Error(`The sandbox's tools at ${url.origin} did not answer (${(error as Error).message}).`, { cause: error });
    }
  }

  async function expectOk(response: Response, what: string): Promise<unknown> {
    const text = await response.text();
    if (!response.ok) throw new Error(`The sandbox at ${new URL(baseUrl).origin} refused to ${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return text === '' ? null : (JSON.parse(text) as unknown);
  }

  return {
    async faults() {
      const response = await call('/_sandbox/faults');
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const parsed = SandboxFaultsSchema.safeParse(await response.json().catch(() => null));
      return parsed.success ? parsed.data : null;
    },

    async setFaults(patch) {
      await expectOk(
        await call('/_sandbox/faults', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(patch) }),
        'change its faults',
      );
    },

    async expireTokens() {
      await expectOk(await call('/_sandbox/tokens/expire', { method: 'POST' }), 'expire its tokens');
    },

    async requests(query = {}) {
      const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
      const parsed = RequestsSchema.safeParse(await expectOk(await call(`/_sandbox/requests${search.size > 0 ? `?${search}` : ''}`), 'list its requests'));
      if (!parsed.success) throw new Error(`The sandbox at ${new URL(baseUrl).origin} listed its requests in a shape this EventDesk does not read.`);
      return parsed.data;
    },
  };
}
