import type { Services } from '../node/index.ts';
import { forward } from './forward.ts';

export function registerWorkspaceHandlers({ workspaces }: Services) {
  return forward(workspaces, {
    'workspace:current': 'current',
    'workspace:open': 'choose',
    'workspace:recent': 'recent',
    'workspace:openRecent': ['openRecent', 'root'],
    'workspace:close': 'close',
    'workspace:openFile': ['openFile', 'path'],
  });
}
