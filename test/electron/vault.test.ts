import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noKeyStore } from '../../electron/node-services.ts';
import { createVault, type Cipher } from '../../electron/services/vault.ts';

const mocked = vi.hoisted(() => ({ available: true, backend: 'gnome_libsecret' }));
vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => mocked.available,
    getSelectedStorageBackend: () => mocked.backend,
    encryptString: (plain: string) => Buffer.from([...Buffer.from(plain)].map((byte) => byte ^ 0x5a)),
    decryptString: (data: Buffer) => Buffer.from([...data].map((byte) => byte ^ 0x5a)).toString(),
  },
}));

const { safeStorageCipher } = await import('../../electron/adapters/safe-storage.ts');

const secret = { apiKey: 'ak_live_SUPERSECRET_1234', password: 'hunter2-password' };

let file: string;
beforeEach(async () => {
  file = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-vault-')), 'secrets.json');
  mocked.available = true;
  mocked.backend = process.platform === 'linux' ? 'gnome_libsecret' : 'unused';
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
    const vault = createVault({ file, cipher: safeStorageCipher, storeWithoutKeyring: () => false });
    await vault.update('env-1', secret);
    const text = (await fileText())!;
    expect(JSON.parse(text)).toMatchObject({ version: 1, entries: { 'env-1': { scheme: 'os-key-store' } } });
    expect(text).not.toContain('SUPERSECRET');
    expect(text).not.toContain('hunter2');

    const reopened = createVault({ file, cipher: safeStorageCipher, storeWithoutKeyring: () => false });
    await reopened.load();
    expect(reopened.get('env-1')).toEqual(secret);
  });

  it.runIf(process.platform !== 'win32')('writes the file readable by its owner only', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher, storeWithoutKeyring: () => false });
    await vault.update('env-1', secret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it.runIf(process.platform === 'linux')('keeps secrets in memory only when Linux reports basic_text', async () => {
    mocked.backend = 'basic_text';
    expect(safeStorageCipher.status()).toMatchObject({ backend: 'basic_text', protectsSecrets: false });
    const vault = createVault({ file, cipher: safeStorageCipher, storeWithoutKeyring: () => false });
    await vault.update('env-1', secret);
    expect(vault.get('env-1')).toEqual(secret);
    expect(await fileText()).toBeNull();
  });

  it('keeps secrets in memory only when encryption is unavailable', async () => {
    mocked.available = false;
    const vault = createVault({ file, cipher: safeStorageCipher, storeWithoutKeyring: () => false });
    await vault.update('env-1', secret);
    expect(await fileText()).toBeNull();
  });

  it('writes them, labelled as unprotected, for an environment that opted in', async () => {
    let optedIn = true;
    const vault = createVault({ file, cipher: noKeyStore, storeWithoutKeyring: () => optedIn });
    await vault.update('env-1', secret);
    expect(JSON.parse((await fileText())!)).toMatchObject({ entries: { 'env-1': { scheme: 'plain-by-choice', backend: 'none' } } });
    const reopened = createVault({ file, cipher: noKeyStore, storeWithoutKeyring: () => true });
    await reopened.load();
    expect(reopened.get('env-1')).toEqual(secret);

    optedIn = false;
    await vault.save('env-1');
    expect(JSON.parse((await fileText())!).entries).toEqual({});
  });

  it('merges patches: undefined keeps a field, null removes it', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher, storeWithoutKeyring: () => false });
    await vault.update('env-1', secret);
    await vault.update('env-1', { password: null, accessToken: 'tok' });
    expect(vault.get('env-1')).toEqual({ apiKey: secret.apiKey, accessToken: 'tok' });
  });

  it('reports secrets it can no longer decrypt instead of failing', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher, storeWithoutKeyring: () => false });
    await vault.update('env-1', secret);
    const broken: Cipher = {
      ...safeStorageCipher,
      decrypt: () => {
        throw new Error('keyring changed');
      },
    };
    const reopened = createVault({ file, cipher: broken, storeWithoutKeyring: () => false });
    await reopened.load();
    expect(reopened.get('env-1')).toEqual({});
    expect(reopened.unreadable('env-1')).toBe(true);
  });

  it('forgets an environment entirely', async () => {
    const vault = createVault({ file, cipher: safeStorageCipher, storeWithoutKeyring: () => false });
    await vault.update('env-1', secret);
    await vault.remove('env-1');
    expect(vault.get('env-1')).toEqual({});
    expect(JSON.parse((await fileText())!).entries).toEqual({});
  });

  it('sets an unreadable secrets file aside and starts without it, saying so', async () => {
    await writeFile(file, '{ not json');
    const vault = createVault({ file, cipher: safeStorageCipher, storeWithoutKeyring: () => false });
    await vault.load();
    expect(vault.get('env-1')).toEqual({});
    expect(vault.notice()).toMatch(/could not be read/);
    expect((await readdir(path.dirname(file))).some((name) => name.startsWith('secrets.unreadable-'))).toBe(true);
  });
});
