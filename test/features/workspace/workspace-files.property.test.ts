import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import { WARNING_CODES } from '../../../features/environments/common/rules.ts';
import {
  environmentFileOf,
  environmentText,
  manifestText,
  readEnvironmentText,
  readManifestText,
  settingsOfEnvironmentFile,
} from '../../../features/workspace/common/workspace-files.ts';
import { MANIFEST_FORMAT, type WorkspaceEnvironment, type WorkspaceManifest } from '../../../features/workspace/common/workspace.ts';

/** Round trips of the workspace's own files: what is written, read back and written again, is the same bytes; one field changed is one line changed. */

const word = fc.stringMatching(/^[a-z0-9_-]{1,8}$/);
const workspacePath = (suffix: string) => fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => `${parts.join('/')}${suffix}`);
const text = fc.string({ maxLength: 30 });
const pairs = fc.array(fc.record({ name: word, value: text }), { maxLength: 3 });

const manifests: fc.Arbitrary<WorkspaceManifest> = fc.record({
  format: fc.constant(MANIFEST_FORMAT),
  version: fc.constant(1 as const),
  name: fc.string({ minLength: 1, maxLength: 80 }),
  defaultEnvironment: fc.option(fc.string({ minLength: 1, maxLength: 20 })),
  plan: fc.option(workspacePath('.plan.json')),
});

const environments: fc.Arbitrary<WorkspaceEnvironment> = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 80 }),
    baseUrl: text,
    username: text,
    color: text,
    production: fc.boolean(),
    timeZone: text,
    serviceIdField: word,
    requestTimeoutMs: fc.integer(),
    chunkSize: fc.integer(),
    maxChunkBytes: fc.integer(),
    concurrency: fc.integer(),
    maxAttempts: fc.integer(),
    extraHeaders: pairs,
    variables: pairs,
    ruleSeverity: fc.dictionary(fc.constantFrom(...WARNING_CODES), fc.constantFrom('error' as const, 'warning' as const, 'off' as const)),
    plan: workspacePath('.plan.json'),
  },
  { requiredKeys: ['name', 'baseUrl'] },
);

function changedLines(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(a.length).toBe(b.length);
  return a.filter((line, index) => line !== b[index]).length;
}

describe('eventdesk.json', () => {
  it('reads back what it wrote, and writes it again byte for byte', () => {
    fc.assert(
      fc.property(manifests, (manifest) => {
        const written = manifestText(manifest);
        const read = readManifestText(written);
        expect(read).toEqual({ ok: true, value: manifest });
        expect(manifestText((read as { value: WorkspaceManifest }).value)).toBe(written);
      }),
    );
  });

  it('changes one line when one field changes', () => {
    fc.assert(
      fc.property(manifests, fc.string({ minLength: 1, maxLength: 80 }), (manifest, name) => {
        fc.pre(name !== manifest.name);
        expect(changedLines(manifestText(manifest), manifestText({ ...manifest, name }))).toBe(1);
      }),
    );
  });
});

describe('environments/*.env.json', () => {
  it('reads back what it wrote, and writes it again byte for byte', () => {
    fc.assert(
      fc.property(environments, (environment) => {
        const written = environmentText(environment);
        const read = readEnvironmentText(written, 'environments/e.env.json');
        if (!read.ok) throw new Error(JSON.stringify(read.problems));
        expect(environmentText(read.value)).toBe(written);
      }),
    );
  });

  it('gives the same file for the settings it reads as full settings and writes back', () => {
    fc.assert(
      fc.property(environments, (environment) => {
        const written = environmentText(environment);
        const read = readEnvironmentText(written, 'environments/e.env.json');
        if (!read.ok) throw new Error(JSON.stringify(read.problems));
        const settings = settingsOfEnvironmentFile(read.value, read.value.plan ? `/workspace/${read.value.plan}` : null);
        expect(environmentText(environmentFileOf(settings, read.value.plan ?? null))).toBe(written);
      }),
    );
  });

  it('writes only the settings that differ from the defaults, in the schema order, never the personal ones', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      rememberPassword: true,
      storeSecretsWithoutKeyring: true,
      chunkSize: 100,
      name: 'qa',
      baseUrl: 'https://qa.example.com',
      planFile: '/w/plans/shop.plan.json',
    };
    expect(environmentText(environmentFileOf(settings, 'plans/shop.plan.json'))).toBe(
      '{\n  "name": "qa",\n  "baseUrl": "https://qa.example.com",\n  "chunkSize": 100,\n  "plan": "plans/shop.plan.json"\n}\n',
    );
  });

  it('writes no key of the environment that is not a setting: the app saves an edited environment, id and all', () => {
    const environment = { ...DEFAULT_SETTINGS, name: 'qa', baseUrl: 'https://qa.example.com', id: 'workspace-env-1', embeddedSandbox: false };
    expect(environmentText(environmentFileOf(environment, null))).toBe('{\n  "name": "qa",\n  "baseUrl": "https://qa.example.com"\n}\n');
  });

  it('changes one line when one scalar setting changes', () => {
    fc.assert(
      fc.property(environments, fc.integer({ min: 1, max: 99 }), (environment, chunkSize) => {
        const before = environmentText({ ...environment, chunkSize: 1000 });
        expect(changedLines(before, environmentText({ ...environment, chunkSize }))).toBe(1);
      }),
    );
  });

  it('fills in the defaults and the absolute plan when read as settings', () => {
    const read = readEnvironmentText('{"name": "qa", "baseUrl": "https://qa.example.com", "plan": "plans/a.plan.json"}', 'environments/qa.env.json');
    if (!read.ok) throw new Error('not read');
    expect(settingsOfEnvironmentFile(read.value, '/w/plans/a.plan.json')).toEqual({
      ...DEFAULT_SETTINGS,
      name: 'qa',
      baseUrl: 'https://qa.example.com',
      planFile: '/w/plans/a.plan.json',
    });
  });
});
