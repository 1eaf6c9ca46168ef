import { clipboard } from 'electron';
import type { Clipboard } from '../services/submission-curl.ts';

export const electronClipboard: Clipboard = { writeText: (text) => clipboard.writeText(text) };
