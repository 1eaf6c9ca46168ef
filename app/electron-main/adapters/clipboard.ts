import { clipboard } from 'electron';
import type { Clipboard } from '../../../features/history/node/submission-curl.ts';

export const electronClipboard: Clipboard = { writeText: (text) => clipboard.writeText(text) };
