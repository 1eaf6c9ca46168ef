import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SandboxPortNumberSchema } from '../common/sandbox-port.ts';
import { createAtomicWriter, parseJsonOrNull } from '../../../base/node/json-file.ts';

/**
 * The embedded sandbox's settings in the data folder, `sandbox-settings.json`: what the Sandbox
 * tab chose (the tracking plan, the port, the environment it forwards to) for the next start. This is the file's one reader and
 * writer: each change is merged into what the file holds, so saving the port keeps the plan and
 * the other way round, and a key this version does not know is kept for the one that wrote it.
 */

export const SANDBOX_SETTINGS_FILE = 'sandbox-settings.json';

/** Each setting is read on its own: one that is unreadable counts as unset, and the others stand. */
const SettingsSchema = z.looseObject({
  planFile: z.string().min(1).nullable().catch(null),
  port: SandboxPortNumberSchema.nullable().catch(null),
  /** The environment's id, not its URL: a change of its base URL is followed, and its deletion turns forwarding off. */
  forward: z
    .strictObject({ environmentId: z.string().min(1) })
    .nullable()
    .catch(null),
});
export type SandboxSettings = Pick<z.infer<typeof SettingsSchema>, 'planFile' | 'port' | 'forward'>;

export function createSandboxSettings(dataFolder: string) {
  const file = path.join(dataFolder, SANDBOX_SETTINGS_FILE);
  const write = createAtomicWriter(file);
  /** What the file holds, read once; every change goes through it, so two changes in a row both land. */
  let held: Promise<z.infer<typeof SettingsSchema>> | null = null;

  function read(): Promise<z.infer<typeof SettingsSchema>> {
    held ??= readFile(file, 'utf8').then(
      (text) => {
        const parsed = SettingsSchema.safeParse(parseJsonOrNull(text));
        // Not an object at all (unreadable, or not JSON): start from nothing.
        return parsed.success ? parsed.data : SettingsSchema.parse({});
      },
      () => SettingsSchema.parse({}),
    );
    return held;
  }

  return {
    async read(): Promise<SandboxSettings> {
      const { planFile, port, forward } = await read();
      return { planFile, port, forward };
    },

    /** Changes the settings named, keeping the rest; changes land in the order asked. */
    update(change: Partial<SandboxSettings>): Promise<void> {
      const next = read().then((current) => ({ ...current, ...change }));
      held = next;
      return next.then((settings) => write(`${JSON.stringify(settings, null, 2)}\n`));
    },
  };
}
export type SandboxSettingsFile = ReturnType<typeof createSandboxSettings>;
