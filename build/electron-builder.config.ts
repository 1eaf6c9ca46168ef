import type { Configuration } from 'electron-builder';
import { buildFlavour, electronFuses, type BuildFlavour } from './fuses.ts';

/**
 * `npm run dist`: the installers, from the bundles `npm run build` leaves in .vite/ and the
 * icons `npm run icons` renders into build/icons/. Paths of resources are relative to build/.
 */

/** The files the OS may open with EventDesk: batches as JSON or as NDJSON. */
export const fileAssociations = [
  { ext: 'json', name: 'JSON event batch', description: 'JSON event batch', mimeType: 'application/json', role: 'Editor', rank: 'Alternate' },
  { ext: 'ndjson', name: 'NDJSON event batch', description: 'NDJSON event batch', mimeType: 'application/x-ndjson', role: 'Editor', rank: 'Default' },
] as const;

export function builderConfig(flavour: BuildFlavour): Configuration {
  return {
    appId: 'dev.eventdesk.app',
    productName: 'EventDesk',
    // An e2e build keeps the inspector fuse on: its name says so, so it is never shipped by mistake.
    artifactName: flavour === 'release' ? '${productName}-${version}-${os}-${arch}.${ext}' : '${productName}-${version}-e2e-${os}-${arch}.${ext}',
    directories: { output: 'out/dist', buildResources: 'build' },
    // Vite bundles every dependency into .vite/, so the app needs nothing else from the project.
    files: ['.vite/build/**', '.vite/renderer/**', 'package.json'],
    // Resolving false tells electron-builder that node_modules are handled elsewhere (here: bundled),
    // so it neither rebuilds nor copies them; otherwise the asar carries ~130 MB of unused sources.
    beforeBuild: async () => false,
    asar: true,
    // The sandbox serves the service's description at /_sandbox/openapi.json. (Help shows the
    // guide from the renderer's own bundle: no document ships beside the app.)
    extraResources: [{ from: 'docs/openapi.yaml', to: 'openapi.yaml' }],
    electronFuses: electronFuses(flavour),
    fileAssociations: [...fileAssociations],
    extraMetadata: { desktopName: 'eventdesk.desktop' },
    linux: {
      target: ['AppImage', 'deb'],
      executableName: 'eventdesk',
      icon: 'icons/png',
      category: 'Development',
      synopsis: 'Craft, check and send batches of events to an ingestion API',
      maintainer: 'EventDesk maintainers <maintainers@eventdesk.dev>',
      desktop: {
        entry: {
          Name: 'EventDesk',
          GenericName: 'Event batch editor',
          Comment: 'Craft, check and send batches of user events to an event-ingestion API',
          Keywords: 'events;ingestion;json;ndjson;api;',
          StartupNotify: 'true',
        },
      },
    },
    mac: {
      target: [{ target: 'dmg', arch: ['arm64', 'x64'] }],
      icon: 'icons/icon.icns',
      category: 'public.app-category.developer-tools',
      hardenedRuntime: true,
      gatekeeperAssess: false,
      entitlements: 'build/entitlements.mac.plist',
      entitlementsInherit: 'build/entitlements.mac.plist',
    },
    win: {
      target: [{ target: 'nsis', arch: ['x64'] }],
      icon: 'icons/icon.ico',
    },
    nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
  };
}

export default builderConfig(buildFlavour(process.env));
