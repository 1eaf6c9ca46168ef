import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-globals' || message.ruleId === 'no-restricted-properties')
    .map((message) => message.message);
}

describe('the native dialogs rule', () => {
  it.each([
    "export const yes = window.confirm('Delete?');",
    "export const yes = confirm('Delete?');",
    "alert('Saved');\nexport {};",
    "export const name = prompt('Name?');",
    "export const name = globalThis.prompt('Name?');",
    "self.alert('Saved');\nexport {};",
  ])('refuses in the renderer: %s', async (code) => {
    expect(await refusals('renderer/x.ts', code)).toEqual([expect.stringContaining('renderer/base/widgets/questions.ts')]);
  });

  it('allows the app’s own confirm', async () => {
    expect(
      await refusals(
        'renderer/x.ts',
        "import { confirm } from './shell/questions.ts';\nexport const yes = confirm({ title: 'Delete?', message: '', action: 'Delete' });",
      ),
    ).toEqual([]);
  });
});
