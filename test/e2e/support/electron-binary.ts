export { electronBinary } from '../../../build/electron-binary.ts';

export const electronSkipReason = 'no Electron binary is installed here (node_modules/electron/dist); the Electron e2e runs wherever one is';
