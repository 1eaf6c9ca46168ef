import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import { noKeyStore, nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createAppInfoService } from '../../../app/node/app-info.ts';
import { buildDiagnostics } from '../../../app/node/diagnostics.ts';
import { createEnvironments } from '../../../features/environments/node/environments.ts';
import { knownSecrets } from '../../../features/environments/node/vault.ts';
import { createLog, logFiles } from '../../../app/node/log.ts';
import { createVault } from '../../../features/environments/node/vault.ts';

const apiKey = 'ak_staging_0123456789';
const password = 'staging-password-42';
const accessToken = 'eyJhbGciOiJIUzI1NiJ9.payload.c2lnbmF0dXJl';
const refreshToken = 'refresh-fedcba9876543210';
const secrets = [apiKey, password, accessToken, refreshToken];

async function setUp() {
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-diagnostics-'));
  // The user opted in to storing secrets without a key store, so secrets.json holds them in plain text.
  const vault = createVault({ file: path.join(dataFolder, 'secrets.json'), cipher: noKeyStore });
  const sandbox = { url: () => 'http://127.0.0.1:4999', username: 'demo', apiKey: 'demo-api-key-0000', maxBodyBytes: 1_048_576, strict: true };
  const environments = createEnvironments({ dataFolder, vault, sandbox });
  await vault.load();
  await environments.load();
  const created = await environments.create({
    settings: {
      ...DEFAULT_SETTINGS,
      name: 'Staging',
      baseUrl: 'https://staging.example.com',
      username: 'qa',
      rememberPassword: true,
      storeSecretsWithoutKeyring: true,
    },
    apiKey,
    password,
  });
  if (!created.ok) throw new Error('could not create the environment');
  await vault.update(created.environment.id, { accessToken, refreshToken, tokenType: 'Bearer' }, 'https://staging.example.com');
  const info = createAppInfoService({ ...nodeServiceDeps(dataFolder).appInfo, dataFolder, secretStorage: () => noKeyStore.status() }).info();
  const vaultSecrets = () => knownSecrets(environments.list().environments.map((environment) => vault.get(environment.id)));
  return { dataFolder, environments, info, vaultSecrets };
}

describe('the diagnostics export', () => {
  it('zips the app info, the environments and the logs, with no secret anywhere inside', async () => {
    const { dataFolder, environments, info, vaultSecrets } = await setUp();
    // The data folder holds the secrets (secrets.json); the export must leave that file out.
    expect((await readFile(path.join(dataFolder, 'secrets.json'), 'utf8')).length).toBeGreaterThan(0);

    const log = createLog({ dataFolder, secrets: vaultSecrets });
    log.info('login', { environment: 'Staging', accessToken });
    log.warn(`401 with Authorization: Bearer ${accessToken}`);
    // Lines that reached the disk unmasked (a log written before the vault knew these values).
    await writeFile(logFiles(dataFolder)[1]!, `old line carrying ${refreshToken} and ${apiKey} and ${password}\n`);

    const result = await buildDiagnostics({ appInfo: () => info, environments, secrets: vaultSecrets, now: () => new Date('2026-11-22T10:00:00Z') });

    expect(result.fileName).toBe('eventdesk-diagnostics-2026-11-22T10-00-00.zip');
    const unzipped = unzipSync(result.bytes);
    expect(Object.keys(unzipped).sort()).toEqual(['README.txt', 'app-info.json', 'environments.json', 'logs/eventdesk.log', 'logs/eventdesk.log.1']);
    expect(result.entries.sort()).toEqual(Object.keys(unzipped).sort());

    const texts = Object.fromEntries(Object.entries(unzipped).map(([name, bytes]) => [name, strFromU8(bytes)]));
    for (const [name, text] of Object.entries(texts)) {
      for (const secret of secrets) expect(text, `${secret} in ${name}`).not.toContain(secret);
    }
    // The whole archive, compressed or not, too.
    const raw = Buffer.from(result.bytes).toString('latin1');
    for (const secret of secrets) expect(raw).not.toContain(secret);

    expect(JSON.parse(texts['app-info.json']!)).toEqual({ exportedAt: '2026-11-22T10:00:00.000Z', app: info });
    expect(texts['environments.json']).toBe(environments.exportJson(environments.list().environments.map((environment) => environment.id)));
    expect(JSON.parse(texts['environments.json']!).environments.map((environment: { name: string }) => environment.name)).toEqual(['Staging']);
    expect(texts['logs/eventdesk.log']).toContain('401 with Authorization: Bearer ••••');
    expect(texts['logs/eventdesk.log.1']).toBe('old line carrying •••• and •••• and ••••\n');
  });

  it('works before anything was logged', async () => {
    const { environments, info, vaultSecrets } = await setUp();
    const result = await buildDiagnostics({ appInfo: () => info, environments, secrets: vaultSecrets });
    expect(Object.keys(unzipSync(result.bytes)).sort()).toEqual(['README.txt', 'app-info.json', 'environments.json']);
  });
});
