import { beforeEach, describe, expect, it, vi } from 'vitest';

// adapters/safe-storage.ts with Electron replaced at its boundary: only safeStorage's asynchronous
// calls, which Electron 45 asks for; the deprecated synchronous ones throw here. What the key
// store's answers mean for the vault is vault.test.ts's.

const keyStore = { available: true, backend: 'gnome_libsecret', asked: 0 };
vi.mock('electron', () => ({
  safeStorage: {
    isAsyncEncryptionAvailable: async () => (keyStore.asked++, keyStore.available),
    getSelectedStorageBackend: () => keyStore.backend,
    encryptStringAsync: async (plain: string) => Buffer.from(`sealed:${plain}`),
    decryptStringAsync: async (sealed: Buffer) => ({ result: sealed.toString().replace(/^sealed:/, ''), shouldReEncrypt: false }),
    isEncryptionAvailable: () => {
      throw new Error('deprecated: isEncryptionAvailable');
    },
    encryptString: () => {
      throw new Error('deprecated: encryptString');
    },
    decryptString: () => {
      throw new Error('deprecated: decryptString');
    },
  },
}));

const { openSafeStorageCipher } = await import('../../../app/electron-main/safe-storage.ts');

beforeEach(() => Object.assign(keyStore, { available: true, backend: 'gnome_libsecret', asked: 0 }));

describe("the vault's cipher over Electron's safeStorage", () => {
  it('seals and opens a secret with the asynchronous calls', async () => {
    const cipher = await openSafeStorageCipher();
    const sealed = await cipher.encrypt('api-key-1');
    expect(Buffer.from(sealed).toString()).toBe('sealed:api-key-1');
    expect(await cipher.decrypt(new Uint8Array(sealed))).toBe('api-key-1');
  });

  it('asks once what the key store is worth, and says so from then on', async () => {
    const cipher = await openSafeStorageCipher();
    keyStore.available = false;
    expect(cipher.status()).toMatchObject({ backend: process.platform === 'linux' ? 'gnome_libsecret' : expect.any(String), encryptionAvailable: true });
    expect(keyStore.asked).toBe(1);
  });
});
