import type { SecretStorageStatus } from '../../base/common/secret-storage.ts';
import type { AppInfo } from '../common/ipc.ts';

export interface AppInfoDeps {
  name: string;
  version: string;
  platform: string;
  arch: string;
  runtime: AppInfo['runtime'];
  dataFolder: string;
  secretStorage: () => SecretStorageStatus;
}

export function createAppInfoService(deps: AppInfoDeps) {
  return {
    info(): AppInfo {
      const { secretStorage, ...rest } = deps;
      return { ...rest, secretStorage: secretStorage() };
    },
  };
}
export type AppInfoService = ReturnType<typeof createAppInfoService>;
