import { createAppInfoService, type AppInfoDeps } from './app-info.ts';

/**
 * The composition root of the plain-Node services. The Electron main process, the test
 * harness and the command line each call this with their own adapters, so all three run the
 * same code.
 */
export interface ServiceDeps {
  appInfo: AppInfoDeps;
}

export function createServices(deps: ServiceDeps) {
  return {
    appInfo: createAppInfoService(deps.appInfo),
  };
}
export type Services = ReturnType<typeof createServices>;
