import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg, initWasm } from '@resvg/resvg-wasm';

/**
 * `npm run icons`: renders every icon the installers need from the one source, build/icon.svg,
 * into build/icons/ (not committed: `npm run dist` makes them first, on every OS, since the
 * rasteriser is WebAssembly and needs no native build).
 *   png/NxN.png   the Linux icon set (AppImage, deb), one file a size
 *   icon.ico      Windows (nsis), PNG-compressed entries up to 256 px
 *   icon.icns     macOS (dmg), PNG entries from 16 px to 1024 px (512@2x)
 */

export const ICON_SOURCE = path.join(import.meta.dirname, 'icon.svg');
export const ICONS_FOLDER = path.join(import.meta.dirname, 'icons');

export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
/** Windows reads at most 256 px from an .ico. */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;
/** The icns entry types that hold PNG data, with the pixel size each holds (the @2x ones double). */
export const ICNS_ENTRIES = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
] as const;

let wasmReady: Promise<void> | null = null;

function loadRasteriser(): Promise<void> {
  const wasm = createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
  wasmReady ??= readFile(wasm).then((bytes) => initWasm(bytes));
  return wasmReady;
}

/** Renders the SVG at each size straight from the vectors, so small sizes stay sharp. */
export async function renderPngs(svg: string, sizes: readonly number[]): Promise<Map<number, Uint8Array>> {
  await loadRasteriser();
  const pngs = new Map<number, Uint8Array>();
  for (const size of new Set(sizes)) {
    const rendered = new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render();
    pngs.set(size, rendered.asPng());
    rendered.free();
  }
  return pngs;
}

function pick(pngs: ReadonlyMap<number, Uint8Array>, size: number): Uint8Array {
  const png = pngs.get(size);
  if (!png) throw new Error(`No ${size} px rendering of the icon`);
  return png;
}

/** An .ico whose entries are whole PNG files (read by Windows Vista and later). */
export function encodeIco(pngs: ReadonlyMap<number, Uint8Array>, sizes: readonly number[]): Uint8Array {
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, index) => {
    const entry = 6 + 16 * index;
    const png = pick(pngs, size);
    // A width or height of 0 means 256.
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...sizes.map((size) => pick(pngs, size))]);
}

/** An .icns: a big-endian container of typed entries, here each a PNG file. */
export function encodeIcns(pngs: ReadonlyMap<number, Uint8Array>, entries: readonly (readonly [string, number])[]): Uint8Array {
  const chunks = entries.map(([type, size]) => {
    const png = pick(pngs, size);
    const chunkHeader = Buffer.alloc(8);
    chunkHeader.write(type, 0, 'latin1');
    chunkHeader.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([chunkHeader, png]);
  });
  const fileHeader = Buffer.alloc(8);
  fileHeader.write('icns', 0, 'latin1');
  fileHeader.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4);
  return Buffer.concat([fileHeader, ...chunks]);
}

/** Writes the whole icon set into `folder` and returns the paths it wrote. */
export async function writeIcons(svg: string, folder: string): Promise<string[]> {
  const pngs = await renderPngs(svg, PNG_SIZES);
  const pngFolder = path.join(folder, 'png');
  await mkdir(pngFolder, { recursive: true });
  const written: string[] = [];
  for (const size of PNG_SIZES) {
    const file = path.join(pngFolder, `${size}x${size}.png`);
    await writeFile(file, pick(pngs, size));
    written.push(file);
  }
  const ico = path.join(folder, 'icon.ico');
  await writeFile(ico, encodeIco(pngs, ICO_SIZES));
  const icns = path.join(folder, 'icon.icns');
  await writeFile(icns, encodeIcns(pngs, ICNS_ENTRIES));
  written.push(ico, icns);
  return written;
}

if (import.meta.main) {
  const written = await writeIcons(await readFile(ICON_SOURCE, 'utf8'), ICONS_FOLDER);
  console.log(`Wrote ${written.length} icon files to ${path.relative(process.cwd(), ICONS_FOLDER) || '.'}`);
}
