import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SECURITY_HEADERS } from './security.ts';

/**
 * Serves the built renderer: the `app://` protocol in the app and the test harness both answer
 * through this function, so a page sees the same files under the same headers in both.
 */

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

export interface FileResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
}

/**
 * Maps a URL path to a file inside `root`. Returns null for anything that would escape it
 * (`..`, encoded separators, NUL bytes), so a page cannot read other files on the disk.
 */
export function resolveAppFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const resolvedRoot = path.resolve(root);
  const resolved = path.resolve(resolvedRoot, relative);
  if (resolved !== resolvedRoot && !resolved.startsWith(resolvedRoot + path.sep)) return null;
  return resolved;
}

export async function serveAppFile(root: string, urlPath: string): Promise<FileResponse> {
  const file = resolveAppFile(root, urlPath);
  if (file === null) return textResponse(400, 'Bad path');
  try {
    const body = await readFile(file);
    const type = contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    return { status: 200, headers: { ...SECURITY_HEADERS, 'Content-Type': type }, body };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'EISDIR' ? textResponse(404, 'Not found') : textResponse(500, 'Unreadable file');
  }
}

export function textResponse(status: number, text: string): FileResponse {
  return { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }, body: new TextEncoder().encode(text) };
}
