import { readFileSync } from 'node:fs';
import { redactText } from '../../base/common/redaction/redact.ts';

/**
 * The redact bench's memory figure, in a process of its own so that nothing the bench did before
 * counts: reads the text from the file named first, masks the secrets given as JSON second, and
 * prints how far the peak resident size rose above what the process held before the call.
 */
const [file, secrets] = process.argv.slice(2) as [string, string];
const text = readFileSync(file, 'utf8');
globalThis.gc?.();
const before = process.memoryUsage().rss;
redactText(text, JSON.parse(secrets) as string[]);
process.stdout.write(String(Math.max(0, process.resourceUsage().maxRSS * 1024 - before)));
