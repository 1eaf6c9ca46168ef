import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noKeyStore } from '../../../app/host/node-services.ts';
import { createVault } from '../../../features/environments/node/vault.ts';
import type { Cipher } from '../../../base/node/ports.ts';

const mocked = vi.hoisted(() => ({ available: true, backend: 'gnome_libsecret' }));
vi.mock('electron', () => ({
  safeStorage: {
    isAsyncEncryptionAvailable: async () => mocked.available,
    getSelectedStorageBackend: () => mocked.backend,
    encryptStringAsync: async (plain: string) => Buffer.from([...Buffer.from(plain)].map((byte) => byte ^ 0x5a)),
    decryptStringAsync: async (data: Buffer) => ({ result: Buffer.from([...data].map((byte) => byte ^ 0x5a)).toString(), shouldReEncrypt: false }),
  },
}));

const { openSafeStorageCipher } = await import('../../../app/electron-main/safe-storage.ts');

const secret = { apiKey: 'ak_live_SUPERSECRET_1234', password: 'hunter2-password' };
const server = 'https://api.example.com';

let file: string;
/** The cipher as main opens it, once the key store is as a test says (it asks what the store is worth when opened). */
let safeStorageCipher: Cipher;
beforeEach(async () => {
  file = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-vault-')), 'secrets.json');
  mocked.available = true;
  mocked.backend = process.platform === 'linux' ? 'gnome_libsecret' : 'unused';
  safeStorageCipher = await openSafeStorageCipher();
});

async function fileText(): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

describe('the vault', () => {
  it('round-trips secrets through an encrypted envelope on disk', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.update('env-1', secret, server);
    const text = (await fileText())!;
    expect(JSON.parse(text)).toMatchObject({ version: 1, entries: { 'env-1': { scheme: 'os-key-store' } } });
    expect(text).not.toContain('SUPERSECRET');
    expect(text).not.toContain('hunter2');

    const reopened = createVault({ file, cipher: safeStorageCipher });
    await reopened.load();
    expect(reopened.get('env-1')).toEqual(secret);
  });

  it.runIf(process.platform !== 'win32')('writes the file readable by its owner only', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.update('env-1', secret, server);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it.runIf(process.platform === 'linux')('keeps secrets in memory only when Linux reports basic_text', async () => {
    mocked.backend = 'basic_text';
    safeStorageCipher = await openSafeStorageCipher();
    expect(safeStorageCipher.status()).toMatchObject({ backend: 'basic_text', protectsSecrets: false });
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.update('env-1', secret, server);
    expect(vault.get('env-1')).toEqual(secret);
    expect(await fileText()).toBeNull();
  });

  it('keeps secrets in memory only when encryption is unavailable', async () => {
    mocked.available = false;
    safeStorageCipher = await openSafeStorageCipher();
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.update('env-1', secret, server);
    expect(await fileText()).toBeNull();
  });

  it('writes them, labelled as unprotected, for an environment that opted in', async () => {
    const vault = createVault({ file, cipher: noKeyStore });
    vault.allowPlainStorage('env-1', true);
    await vault.update('env-1', secret, server);
    expect(JSON.parse((await fileText())!)).toMatchObject({ entries: { 'env-1': { scheme: 'plain-by-choice', backend: 'none' } } });
    const reopened = createVault({ file, cipher: noKeyStore });
    await reopened.load();
    expect(reopened.get('env-1')).toEqual(secret);

    vault.allowPlainStorage('env-1', false);
    await vault.save('env-1');
    expect(JSON.parse((await fileText())!).entries).toEqual({});
  });

  it('merges patches: undefined keeps a field, null removes it', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.update('env-1', secret, server);
    await vault.update('env-1', { password: null, accessToken: 'tok' }, server);
    expect(vault.get('env-1')).toEqual({ apiKey: secret.apiKey, accessToken: 'tok' });
  });

  it('reports secrets it can no longer decrypt instead of failing', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.update('env-1', secret, server);
    const broken: Cipher = {
      ...safeStorageCipher,
      decrypt: () => {
        throw new Error('keyring changed');
      },
    };
    const reopened = createVault({ file, cipher: broken });
    await reopened.load();
    expect(reopened.get('env-1')).toEqual({});
    expect(reopened.unreadable('env-1')).toBe(true);
  });

  it('writes the newest secrets when an older save is sealed last, and a removal after a save stays removed', async () => {
    // The key store answers from another thread: here the first encryption answers after the second.
    const releases: (() => void)[] = [];
    const slowFirst: Cipher = {
      ...safeStorageCipher,
      encrypt: async (plain) => {
        if (releases.length === 0) await new Promise<void>((resolve) => releases.push(resolve));
        else releases.push(() => undefined);
        return safeStorageCipher.encrypt(plain);
      },
    };
    const vault = createVault({ file, cipher: slowFirst });
    const older = vault.update('env-1', { apiKey: 'ak_old_key_0001' }, server);
    const newer = vault.update('env-1', { apiKey: 'ak_new_key_0002' }, server);
    await new Promise((resolve) => setTimeout(resolve, 20));
    releases[0]!();
    await Promise.all([older, newer]);
    const reopened = createVault({ file, cipher: safeStorageCipher });
    await reopened.load();
    expect(reopened.get('env-1').apiKey).toBe('ak_new_key_0002');

    const saved = vault.update('env-2', secret, server);
    const removed = vault.remove('env-2');
    await Promise.all([saved, removed]);
    expect(JSON.parse((await fileText())!).entries).not.toHaveProperty('env-2');
  });

  it('forgets an environment entirely', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.update('env-1', secret, server);
    await vault.remove('env-1');
    expect(vault.get('env-1')).toEqual({});
    expect(JSON.parse((await fileText())!).entries).toEqual({});
  });

  it('sets an unreadable secrets file aside and starts without it, saying so', async () => {
    await writeFile(file, '{ not json');
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.load();
    expect(vault.get('env-1')).toEqual({});
    expect(vault.notice()).toMatch(/could not be read/);
    expect((await readdir(path.dirname(file))).some((name) => name.startsWith('secrets.unreadable-'))).toBe(true);
  });
});

describe('the vault binds secrets to their server', () => {
  it('hands them to the origin they were entered for, whatever the path, case or default port, and to no other', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.update('env-1', secret, 'https://api.example.com/v1');
    expect(vault.origin('env-1')).toBe('https://api.example.com');
    expect(vault.secretsFor('env-1', 'https://API.Example.com:443/v2/user/events')).toEqual(secret);
    expect(() => vault.secretsFor('env-1', 'https://api.example.com:8443/v1')).toThrow(
      expect.objectContaining({
        code: 'secrets-for-another-server',
        message: 'The API key and the saved password were entered for https://api.example.com; enter them again for https://api.example.com:8443.',
      }),
    );
    expect(() => vault.secretsFor('env-1', 'http://api.example.com/v1')).toThrow(expect.objectContaining({ code: 'secrets-for-another-server' }));
    expect(() => vault.secretsFor('env-1', 'https://evil.example.com')).toThrow(expect.objectContaining({ code: 'secrets-for-another-server' }));
  });

  it('drops what was held for another origin when a secret is written for a new one', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.update('env-1', { ...secret, accessToken: 'tok' }, server);
    await vault.update('env-1', { apiKey: 'ak_new_origin' }, 'https://new.example.com');
    expect(vault.get('env-1')).toEqual({ apiKey: 'ak_new_origin' });
    expect(vault.secretsFor('env-1', 'https://new.example.com')).toEqual({ apiKey: 'ak_new_origin' });
  });

  it('clears some secrets without moving the rest', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.update('env-1', { ...secret, accessToken: 'tok' }, server);
    await vault.clear('env-1', ['accessToken', 'password']);
    expect(vault.secretsFor('env-1', server)).toEqual({ apiKey: secret.apiKey });
  });

  it('keeps the origin sealed beside the secrets across a restart', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher });
    await vault.update('env-1', secret, server);
    expect(await fileText()).not.toContain('api.example.com');
    const reopened = createVault({ file, cipher: safeStorageCipher });
    await reopened.load();
    expect(reopened.origin('env-1')).toBe(server);
    expect(reopened.secretsFor('env-1', server)).toEqual(secret);
  });

  it('refuses secrets saved before origins were recorded until they are bound', async () => {
    const legacy = {
      version: 1,
      entries: { 'env-1': { scheme: 'plain-by-choice', backend: 'none', data: Buffer.from(JSON.stringify(secret)).toString('base64') } },
    };
    await writeFile(file, JSON.stringify(legacy));
    const vault = createVault({ file, cipher: noKeyStore });
    vault.allowPlainStorage('env-1', true);
    await vault.load();
    expect(vault.origin('env-1')).toBeNull();
    expect(() => vault.secretsFor('env-1', server)).toThrow(
      expect.objectContaining({ message: 'The API key and the saved password were entered for another server; enter them again for https://api.example.com.' }),
    );
    await vault.bind('env-1', `${server}/v1`);
    expect(vault.secretsFor('env-1', server)).toEqual(secret);
    const reopened = createVault({ file, cipher: noKeyStore });
    await reopened.load();
    expect(reopened.origin('env-1')).toBe(server);
  });

  it('keeps no secret for something that is not a web address', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher });
    await expect(vault.update('env-1', secret, 'file:///etc/passwd')).rejects.toMatchObject({ code: 'no-server-address' });
    expect(vault.get('env-1')).toEqual({});
  });
});
