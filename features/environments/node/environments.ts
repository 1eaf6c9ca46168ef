import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_SETTINGS,
  nextEnvironmentColor,
  EXPORT_FORMAT,
  EnvironmentExportSchema,
  EnvironmentSchema,
  checkSecret,
  checkSettings,
  originOf,
  type Environment,
  type EnvironmentEdit,
  type EnvironmentSaveResult,
  type EnvironmentSettings,
  type EnvironmentView,
  type FieldProblem,
} from '../common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import { maskSecret } from '../../../base/common/redaction/redact.ts';
import { MISSING_FIELD_CODES } from '../common/rules.ts';
import { createAtomicWriter, parseJsonOrNull, setAside } from '../../../base/node/json-file.ts';
import type { Vault } from './vault.ts';

/**
 * Environments: their settings live in `environments.json` in the data folder, readable and
 * fit for git; their secrets live in the vault. On first start there is one, "Local sandbox",
 * pointing at the sandbox built into the app. While a workspace is open, its environments are
 * listed after these: an edit writes the workspace's file, and each person's own choices about
 * one (the username logged in with, remembering the password) are kept here, by its id, never in
 * the workspace, so they are not committed and last from one run to the next.
 */

/** The open workspace's environments, as the workspace feature reads them (workspace-environments.ts). */
export interface WorkspaceEnvironmentSource {
  /** The workspace's real folder: another one is another workspace opened. */
  realRoot: string;
  environments: Environment[];
  /** The id of eventdesk.json's `defaultEnvironment`, when the workspace has it; null otherwise. */
  defaultId: string | null;
  /** Writes the environment's settings to its file in the workspace. */
  save(id: string, settings: EnvironmentSettings): Promise<void>;
  /** The file it comes from, relative to the workspace's root, for messages. */
  fileOf(id: string): string | undefined;
}

/** A person's own choices about a workspace's environment, which its file does not carry. */
const PersonalSchema = EnvironmentSchema.pick({ username: true, rememberPassword: true, storeSecretsWithoutKeyring: true });
type Personal = z.infer<typeof PersonalSchema>;

const FileSchema = z.object({
  version: z.literal(1),
  activeId: z.string().nullable(),
  environments: z.array(EnvironmentSchema),
  /** By workspace environment id (workspace-environments.ts): the same clone's environment has the same id each time it opens. */
  personal: z.record(z.string(), PersonalSchema).default({}),
});
type EnvironmentsFile = z.infer<typeof FileSchema>;

export const LOCAL_SANDBOX_ID = 'local-sandbox';

/**
 * What the sandbox's strict mode refuses with a 422 (features/sandbox/server/event-rules.ts), as errors
 * in the editor from the start: a missing or unknown field, an attribute value not a string.
 */
const STRICT_SANDBOX_RULES: EnvironmentSettings['ruleSeverity'] = {
  ...Object.fromEntries(Object.values(MISSING_FIELD_CODES).map((code) => [code, 'error'])),
  'unknown-field': 'error',
  'attribute-not-string': 'error',
};

export interface EnvironmentsOptions {
  dataFolder: string;
  vault: Vault;
  /** The embedded sandbox's address and demo credentials, when the app runs one. */
  sandbox: { url: () => string; username: string; apiKey: string; maxBodyBytes: number; strict: boolean } | null;
  /**
   * The command line's environments, made of its flags: held in memory, the first one active;
   * the data folder's environments.json is neither read nor written. Left out, that file is the list.
   */
  given?: readonly Environment[];
  /**
   * The plan files the user chose in main's file dialog this run (plans:choose). An edit may name
   * only one of these, or keep the file it had: a path the page makes up is not read.
   */
  chosenPlanFiles?: ReadonlySet<string>;
}

function isLoopback(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function createEnvironments(options: EnvironmentsOptions) {
  const file = path.join(options.dataFolder, 'environments.json');
  let state: EnvironmentsFile = { version: 1, activeId: null, environments: [], personal: {} };
  let workspace: WorkspaceEnvironmentSource | null = null;
  /** The data folder's environments, then the open workspace's with this person's choices. */
  function all(): Environment[] {
    return workspace
      ? [
          ...state.environments,
          ...workspace.environments.map((environment) => ({
            ...environment,
            ...(Object.hasOwn(state.personal, environment.id) ? state.personal[environment.id] : {}),
          })),
        ]
      : state.environments;
  }
  function keepPersonal(id: string, choices: Personal): Promise<void> {
    state.personal = { ...state.personal, [id]: choices };
    return persist();
  }
  const inWorkspace = (id: string) => workspace?.fileOf(id) !== undefined;
  const write = options.given ? async () => undefined : createAtomicWriter(file);
  /** Told before an environment is removed or starts pointing elsewhere (the sessions, so that one ends first). */
  const retargetListeners: ((environmentId: string) => Promise<void>)[] = [];
  async function retarget(environmentId: string): Promise<void> {
    for (const listener of retargetListeners) await listener(environmentId);
  }
  /** Tells the vault which environments' secrets the user chose to keep on disk without a key store. */
  function shareOptIns(): void {
    for (const environment of all()) options.vault.allowPlainStorage(environment.id, environment.storeSecretsWithoutKeyring);
  }
  let notice: string | null = null;
  /** Told after an environment was changed or removed (the sandbox forwarding to it follows). */
  const changeListeners: ((environmentId: string) => void)[] = [];

  function persist(): Promise<void> {
    // Every change is persisted: the vault hears of a changed opt-in before it seals anything.
    shareOptIns();
    return write(`${JSON.stringify(state, null, 2)}\n`);
  }

  function find(id: string): Environment {
    const environment = all().find((candidate) => candidate.id === id);
    if (!environment) throw new AppError('environment-not-found', 'That environment no longer exists.');
    return environment;
  }

  function resolvedBaseUrl(environment: Environment): string {
    return environment.embeddedSandbox ? (options.sandbox?.url() ?? '') : environment.baseUrl;
  }

  /** The secrets held for the environment's own server: none when they were entered for another. */
  function ownSecrets(environment: Environment) {
    return options.vault.origin(environment.id) === originOf(resolvedBaseUrl(environment)) ? options.vault.get(environment.id) : {};
  }

  function view(environment: Environment): EnvironmentView {
    const secrets = ownSecrets(environment);
    return {
      ...environment,
      resolvedBaseUrl: resolvedBaseUrl(environment),
      apiKey: { set: Boolean(secrets.apiKey), hint: secrets.apiKey ? maskSecret(secrets.apiKey) : null },
      passwordRemembered: environment.rememberPassword && Boolean(secrets.password),
      secretsUnreadable: options.vault.unreadable(environment.id),
    };
  }

  function problemsOf(edit: EnvironmentEdit, except: string | null, embeddedSandbox: boolean, planFileBefore: string | null = null): FieldProblem[] {
    const problems = checkSettings(edit.settings, { embeddedSandbox });
    const planFile = edit.settings.planFile ?? null;
    if (planFile !== null && planFile !== planFileBefore && !options.chosenPlanFiles?.has(planFile)) {
      problems.push({ field: 'planFile', message: 'Choose the plan file with Choose…: a tracking plan is taken only from the file dialog.' });
    }
    const name = edit.settings.name.trim().toLowerCase();
    if (name && all().some((other) => other.id !== except && other.name.trim().toLowerCase() === name)) {
      problems.unshift({ field: 'name', message: `There is already an environment called "${edit.settings.name.trim()}".` });
    }
    if (edit.apiKey) {
      const problem = checkSecret(edit.apiKey, 'API key');
      if (problem) problems.push({ field: 'apiKey', message: problem });
    }
    return problems;
  }

  /** Binds the secrets to the environment's origin: where it moved to another, those not given again are dropped. */
  async function storeSecrets(environment: Environment, edit: EnvironmentEdit): Promise<void> {
    const password = environment.rememberPassword ? edit.password : null;
    await options.vault.update(environment.id, { apiKey: edit.apiKey, password }, resolvedBaseUrl(environment));
  }

  /** Gives each vault entry the origin it belongs to, where that is known without asking anyone. */
  async function bindSecrets(): Promise<void> {
    for (const environment of all()) {
      const url = resolvedBaseUrl(environment);
      const bound = options.vault.origin(environment.id);
      if (originOf(url) === null || bound === originOf(url)) continue;
      // Entries written before origins were kept belong to the address they were used with;
      // the embedded sandbox's port may differ from the last start's (that one was taken), always on loopback.
      if (bound === null || (environment.embeddedSandbox && isLoopback(bound))) await options.vault.bind(environment.id, url);
    }
  }

  function tidy(settings: EnvironmentSettings): EnvironmentSettings {
    return { ...settings, name: settings.name.trim(), baseUrl: settings.baseUrl.replace(/\/+$/, '') };
  }

  return {
    async load(): Promise<void> {
      if (options.given) {
        state = { version: 1, activeId: options.given[0]?.id ?? null, environments: [...options.given], personal: {} };
        shareOptIns();
        return bindSecrets();
      }
      const text = await readFile(file, 'utf8').catch(() => null);
      const parsed = text === null ? null : FileSchema.safeParse(parseJsonOrNull(text));
      if (parsed?.success) {
        state = parsed.data;
      } else if (parsed) {
        // Never lose what a person wrote: set the unreadable file aside and say where it went.
        notice = `environments.json could not be read, so EventDesk started afresh. The old file is kept as ${await setAside(file)}.`;
      }
      if (!parsed?.success && options.sandbox) {
        state.environments.push({
          ...DEFAULT_SETTINGS,
          id: LOCAL_SANDBOX_ID,
          name: 'Local sandbox',
          username: options.sandbox.username,
          // Chunks no larger than the sandbox takes: a bigger one could only come back 413.
          maxChunkBytes: options.sandbox.maxBodyBytes,
          ...(options.sandbox.strict ? { ruleSeverity: STRICT_SANDBOX_RULES } : {}),
          color: '#2e9d6a',
          embeddedSandbox: true,
        });
        state.activeId = LOCAL_SANDBOX_ID;
        await persist();
      }
      shareOptIns();
      await bindSecrets();
      // The demo API key is public; where secrets stay in memory only, give it back at each start.
      const sandboxEnvironment = state.environments.find((environment) => environment.embeddedSandbox);
      if (options.sandbox && sandboxEnvironment && !ownSecrets(sandboxEnvironment).apiKey) {
        await options.vault.update(sandboxEnvironment.id, { apiKey: options.sandbox.apiKey }, options.sandbox.url());
      }
    },

    list(): { environments: EnvironmentView[]; activeId: string | null; notice: string | null } {
      const listed = all();
      // The active one may be a workspace's that is not open now: the first stands in for it.
      const activeId = listed.some((environment) => environment.id === state.activeId) ? state.activeId : (listed[0]?.id ?? null);
      return { environments: listed.map(view), activeId, notice: [notice, options.vault.notice()].filter(Boolean).join(' ') || null };
    },

    /**
     * The embedded sandbox now listens at another address (its port changed in the Sandbox
     * tab). Its environments' logins end, as for any environment that points elsewhere: a token
     * is never sent on to another address. The API key and remembered password that were
     * entered for the sandbox follow it, as they do when it starts on another port, since the
     * same sandbox answers there; the old address, which another program may take next, gets none.
     */
    async sandboxMoved(from: string): Promise<void> {
      const url = options.sandbox?.url();
      if (!url) return;
      for (const environment of state.environments.filter((candidate) => candidate.embeddedSandbox)) {
        await retarget(environment.id);
        if (options.vault.origin(environment.id) === originOf(from)) await options.vault.bind(environment.id, url);
      }
    },

    /** Registers what must happen before an environment is removed or points elsewhere (its session ends). */
    beforeRetarget(listener: (environmentId: string) => Promise<void>): void {
      retargetListeners.push(listener);
    },

    /** Registers what must follow an environment once it was changed or removed. */
    onChanged(listener: (environmentId: string) => void): void {
      changeListeners.push(listener);
    },

    get: find,
    view: (id: string) => view(find(id)),
    resolvedBaseUrl: (id: string) => resolvedBaseUrl(find(id)),

    async create(edit: EnvironmentEdit): Promise<EnvironmentSaveResult> {
      const problems = problemsOf(edit, null, false);
      if (problems.length) return { ok: false, problems };
      const environment: Environment = { ...tidy(edit.settings), id: randomUUID(), embeddedSandbox: false };
      state.environments.push(environment);
      state.activeId ??= environment.id;
      await persist();
      await storeSecrets(environment, edit);
      return { ok: true, environment: view(environment) };
    },

    async update(id: string, edit: EnvironmentEdit): Promise<EnvironmentSaveResult> {
      const current = find(id);
      const problems = problemsOf(edit, id, current.embeddedSandbox, current.planFile);
      if (problems.length) return { ok: false, problems };
      const next: Environment = { ...tidy(edit.settings), id, embeddedSandbox: current.embeddedSandbox };
      // A token must never travel to another server, or serve another user.
      if (next.baseUrl !== current.baseUrl || next.username !== current.username) await retarget(id);
      if (workspace && inWorkspace(id)) {
        await workspace.save(id, next);
        workspace.environments = workspace.environments.map((environment) => (environment.id === id ? next : environment));
        await keepPersonal(id, {
          username: next.username,
          rememberPassword: next.rememberPassword,
          storeSecretsWithoutKeyring: next.storeSecretsWithoutKeyring,
        });
      } else {
        state.environments = state.environments.map((environment) => (environment.id === id ? next : environment));
        await persist();
      }
      await storeSecrets(next, edit);
      // The opt-in for storing without a keyring may have changed: re-decide what is on disk.
      await options.vault.save(id);
      for (const listener of changeListeners) listener(id);
      return { ok: true, environment: view(next) };
    },

    /** A copy under a new name; it holds the API key and remembered password only when asked to. */
    async duplicate(id: string, copySecrets = false): Promise<EnvironmentView> {
      const source = find(id);
      // Read first: secrets held for another server refuse to be copied, and then nothing is.
      const { apiKey, password } = copySecrets ? options.vault.secretsFor(id, resolvedBaseUrl(source)) : {};
      const names = new Set(state.environments.map((environment) => environment.name));
      let name = `${source.name} copy`;
      for (let n = 2; names.has(name) && n < 1000; n++) name = `${source.name} copy ${n}`;
      const copy: Environment = { ...source, id: randomUUID(), name, color: nextEnvironmentColor(state.environments.map((environment) => environment.color)) };
      state.environments.push(copy);
      await persist();
      if (apiKey || password) await options.vault.update(copy.id, { apiKey, password: copy.rememberPassword ? password : undefined }, resolvedBaseUrl(copy));
      return view(copy);
    },

    async remove(id: string): Promise<void> {
      find(id);
      if (inWorkspace(id))
        throw new AppError(
          'environment-in-workspace',
          `That environment is the workspace's file ${workspace?.fileOf(id)}: delete the file to remove it, or close the workspace.`,
        );
      await retarget(id);
      state.environments = state.environments.filter((environment) => environment.id !== id);
      if (state.activeId === id) state.activeId = state.environments[0]?.id ?? null;
      await persist();
      await options.vault.remove(id);
      for (const listener of changeListeners) listener(id);
    },

    /** What the login form changes: the username, and whether to remember the password. */
    async setLogin(id: string, username: string, rememberPassword: boolean): Promise<void> {
      const current = find(id);
      if (current.username === username && current.rememberPassword === rememberPassword) return;
      if (inWorkspace(id)) return keepPersonal(id, { username, rememberPassword, storeSecretsWithoutKeyring: current.storeSecretsWithoutKeyring });
      state.environments = state.environments.map((environment) => (environment.id === id ? { ...environment, username, rememberPassword } : environment));
      await persist();
    },

    async select(id: string): Promise<void> {
      find(id);
      state.activeId = id;
      await persist();
    },

    /**
     * The open workspace's environments from now on (null: none). One gone, or pointing at
     * another server or user, ends its session first, as an edit would; each changed or gone one
     * is told to those that follow environments.
     */
    async useWorkspace(next: WorkspaceEnvironmentSource | null): Promise<void> {
      const before = workspace?.environments ?? [];
      const opened = next !== null && next.realRoot !== workspace?.realRoot;
      workspace = next;
      // A workspace opened starts on its default environment, as its team set it; a reload (a git pull) keeps the choice.
      if (opened && next.defaultId !== null && state.activeId !== next.defaultId) {
        state.activeId = next.defaultId;
        await persist();
      }
      for (const environment of before) {
        const now = next?.environments.find((candidate) => candidate.id === environment.id);
        if (!now || now.baseUrl !== environment.baseUrl || now.username !== environment.username) await retarget(environment.id);
        if (JSON.stringify(now) !== JSON.stringify(environment)) for (const listener of changeListeners) listener(environment.id);
      }
      shareOptIns();
      await bindSecrets();
    },

    /** Settings only: an export never carries a secret, and the embedded sandbox is not exported. */
    exportJson(ids: string[]): string {
      const chosen = ids.map(find).filter((environment) => !environment.embeddedSandbox);
      // Nor a plan file's path: it names a file on this computer only.
      const environments = chosen.map(
        ({ id: _id, embeddedSandbox: _embedded, rememberPassword: _remember, storeSecretsWithoutKeyring: _store, planFile: _plan, ...settings }) => settings,
      );
      return `${JSON.stringify({ format: EXPORT_FORMAT, version: 1, environments }, null, 2)}\n`;
    },

    /** An export as the file the user saves: named after the environment when there is one, `environments` otherwise. */
    exportFile(ids: string[]): { fileName: string; text: string } {
      const names = ids.map((id) => find(id).name);
      const base = names.length === 1 ? names[0]!.replace(/[^\w.-]+/g, '-').toLowerCase() : 'environments';
      return { fileName: `${base}.eventdesk-env.json`, text: this.exportJson(ids) };
    },

    /** Imports every environment of an export that passes the checks; reports the rest. */
    async importJson(text: string): Promise<{ imported: EnvironmentView[]; problems: string[] }> {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new AppError('import-not-json', 'The file is not JSON.', error instanceof Error ? error.message : String(error));
      }
      const parsed = EnvironmentExportSchema.safeParse(json);
      if (!parsed.success) throw new AppError('import-not-environments', 'The file is not an EventDesk environment export.', parsed.error.message);
      const imported: EnvironmentView[] = [];
      const problems: string[] = [];
      for (const entry of parsed.data.environments) {
        const result = await this.create({ settings: { ...DEFAULT_SETTINGS, ...entry, planFile: null } });
        if (result.ok) imported.push(result.environment);
        else problems.push(`${entry.name || '(unnamed)'}: ${result.problems.map((problem) => problem.message).join(' ')}`);
      }
      return { imported, problems };
    },
  };
}
export type Environments = ReturnType<typeof createEnvironments>;
