import { z } from 'zod';

/**
 * What each feature's part of the IPC contract (`features/<f>/common/contract.ts`) is written
 * with. A part names its channels, `domain:verb`, each with a schema for what goes in and what
 * comes out, and its pushes; app/common/ipc.ts joins the parts into the one contract.
 */

export type ChannelSchemas = Record<string, { input: z.ZodType; output: z.ZodType }>;
export type PushSchemas = Record<string, z.ZodType>;

export const NoInput = z.undefined();
export const Id = z.string().min(1).max(200);
export const ById = z.object({ id: Id });
export const ByEnvironment = z.object({ environmentId: Id });

/** Every part's names in one type (the union of the parts, turned into their intersection). */
type AllOf<Part> = (Part extends unknown ? (whole: Part) => void : never) extends (whole: infer All) => void ? All : never;
type Joined<Parts extends object[]> = AllOf<Parts[number]>;

/** The features' parts joined into one object; a name two parts both claim is a mistake, refused when the module loads. */
export function joinParts<const Parts extends object[]>(...parts: Parts): Joined<Parts> {
  const joined: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [name, schema] of Object.entries(part)) {
      if (Object.hasOwn(joined, name)) throw new Error(`Two features' contracts both name ${name}.`);
      joined[name] = schema;
    }
  }
  return joined as Joined<Parts>;
}
