import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { failure, type Reply } from './route.ts';

/**
 * GET /_sandbox/openapi.json: the service as docs/openapi.yaml describes it, as JSON, with this
 * sandbox as its server, so that Postman, Bruno, Insomnia, Prism or an SDK generator imports a
 * description that points at what is running. Read at the first request, not at start (the
 * app's start waits for the embedded sandbox); a sandbox started without the document (or with
 * one it cannot read) says why instead.
 */
export function createOpenApiAnswer(file: string | null, serverUrl: () => string): () => Reply {
  let read: ReturnType<typeof load> | null = null;
  return () => {
    const loaded = (read ??= load(file));
    if (!loaded.ok) return failure(404, 'no-openapi', loaded.reason);
    return { status: 200, body: { ...loaded.document, servers: [{ url: serverUrl(), description: 'This sandbox' }] } };
  };
}

function load(file: string | null): { ok: true; document: Record<string, unknown> } | { ok: false; reason: string } {
  if (file === null) return { ok: false, reason: 'This sandbox was started without its OpenAPI document.' };
  try {
    const document: unknown = parse(readFileSync(file, 'utf8'));
    if (typeof document !== 'object' || document === null || Array.isArray(document)) return { ok: false, reason: `${file} holds no OpenAPI document.` };
    return { ok: true, document: document as Record<string, unknown> };
  } catch (error) {
    return { ok: false, reason: `The OpenAPI document could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}
