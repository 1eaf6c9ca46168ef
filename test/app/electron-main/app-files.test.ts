import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveAppFile, serveAppFile } from '../../../app/electron-main/app-files.ts';
import { CONTENT_SECURITY_POLICY } from '../../../app/electron-main/security.ts';

let root: string;

beforeAll(async () => {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-files-'));
  root = path.join(parent, 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>x</title>');
  await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(parent, 'secret.txt'), 'do not serve');
});

describe('serving the built renderer', () => {
  it('serves index.html for the root, under the CSP', async () => {
    const response = await serveAppFile(root, '/');
    expect(response.status).toBe(200);
    expect(response.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(response.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('serves assets with their content type', async () => {
    const response = await serveAppFile(root, '/assets/app.js');
    expect(response.status).toBe(200);
    expect(response.headers['Content-Type']).toBe('text/javascript; charset=utf-8');
    expect(new TextDecoder().decode(response.body)).toBe('console.log(1)');
  });

  it.each(['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/..%5csecret.txt', '/index.html%00.js', '/%E0%A4%A'])(
    'refuses %s, which would leave the renderer folder',
    async (urlPath) => {
      const response = await serveAppFile(root, urlPath);
      expect(response.status).toBe(400);
      expect(new TextDecoder().decode(response.body)).not.toContain('do not serve');
    },
  );

  it('answers 404 for a missing file and for a folder', async () => {
    expect((await serveAppFile(root, '/nope.js')).status).toBe(404);
    expect((await serveAppFile(root, '/assets')).status).toBe(404);
  });

  it('keeps resolved paths inside the root', () => {
    expect(resolveAppFile(root, '/assets/app.js')).toBe(path.join(root, 'assets', 'app.js'));
    expect(resolveAppFile(root, '/../renderer-sibling/x')).toBeNull();
  });
});
