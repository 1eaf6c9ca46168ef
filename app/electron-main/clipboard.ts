import { clipboard } from 'electron';
import type { Clipboard } from '../../base/node/ports.ts';

export const electronClipboard: Clipboard = { writeText: (text) => clipboard.writeText(text) };
