import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { buildFlavour, electronFuses, fuseIndex, type BuildFlavour } from './fuses.ts';

/**
 * `node build/verify-fuses.ts <packaged app>`: reads the fuse wire back out of a packaged
 * binary (the release workflow runs it on each OS) and fails unless every fuse is as
 * build/fuses.ts says for the flavour in EVENTDESK_BUILD_FLAVOUR. It reads the binary with
 * @electron/fuses itself, not electron-builder, so it also catches a mapping gone wrong there.
 */

/** Each fuse of the binary that differs from the configuration, in words; empty when all match. */
export async function fuseMismatches(binary: string, flavour: BuildFlavour): Promise<string[]> {
  const wire = (await getCurrentFuseWire(binary)) as unknown as Record<number, FuseState>;
  const expected = electronFuses(flavour);
  return Object.entries(fuseIndex).flatMap(([name, index]) => {
    const want = expected[name as keyof typeof fuseIndex] ? FuseState.ENABLE : FuseState.DISABLE;
    const found = wire[index];
    return found === want
      ? []
      : [
          `${name} (${FuseV1Options[index]}) is ${found === FuseState.ENABLE ? 'on' : found === FuseState.DISABLE ? 'off' : 'missing'}, should be ${want === FuseState.ENABLE ? 'on' : 'off'}`,
        ];
  });
}

if (import.meta.main) {
  const binary = process.argv[2];
  if (!binary) {
    console.error('Usage: node build/verify-fuses.ts <packaged app binary, or .app on macOS>');
    process.exit(2);
  }
  const flavour = buildFlavour(process.env);
  const mismatches = await fuseMismatches(binary, flavour);
  for (const mismatch of mismatches) console.error(`fuse mismatch: ${mismatch}`);
  console.log(
    mismatches.length === 0
      ? `Every fuse of ${binary} is as build/fuses.ts sets it for a ${flavour} build.`
      : `${mismatches.length} fuse(s) differ in ${binary}.`,
  );
  process.exitCode = mismatches.length === 0 ? 0 : 1;
}
