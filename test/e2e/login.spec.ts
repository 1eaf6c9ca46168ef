import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_SANDBOX_ID } from '../../features/environments/node/environments.ts';
import { expect, logInWithDemo, saveScreenshot, test } from './support/fixtures.ts';
import { refusedLogin } from './support/workspace.ts';

test.describe('logging in', () => {
  test('to Local sandbox with the demo credentials shows who and a live countdown', async ({ app }) => {
    await expect(app.getByRole('option', { name: /Local sandbox/ })).toHaveAttribute('aria-selected', 'true');
    await app.getByTestId('session-bar').getByRole('button', { name: 'Log in' }).click();
    const dialog = app.getByRole('dialog', { name: 'Log in to Local sandbox' });
    await expect(dialog.getByTestId('demo-credentials')).toContainText('demo-password');
    await expect(dialog.getByLabel('Username')).toHaveValue('demo');
    await saveScreenshot(app, 'login-dialog');
    await dialog.getByLabel('Password', { exact: true }).fill('demo-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();

    const countdown = app.getByTestId('session-countdown');
    await expect(countdown).toHaveText(/expires in \d+:\d\d/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!, { timeout: 3000 });
    await expect(app.getByTestId('session-expiry')).toContainText('UTC');
    await saveScreenshot(app, 'session-countdown');

    await app.getByRole('button', { name: 'Log out' }).click();
    await expect(app.getByTestId('session-bar')).toContainText('Not logged in');
  });

  test('with a wrong password says so, keeps what was typed and stays open', async ({ app }) => {
    const dialog = await refusedLogin(app);
    await expect(dialog.getByLabel('Username')).toHaveValue('demo');
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('not-the-password');
    await dialog.getByText('Show details').click();
    await expect(dialog.getByRole('alert')).toContainText('HTTP 401');
    await expect(dialog.getByRole('alert')).not.toContainText('not-the-password');
  });
});

test.describe('secrets a person enters', () => {
  const password = 'qa-Secret-Passw0rd';
  const apiKey = 'ak_e2e_0123456789abcdef';
  test.use({
    harnessOptions: {
      sandbox: {
        users: [
          { username: 'demo', password: 'demo-password' },
          { username: 'qa', password },
        ],
        apiKeys: ['demo-api-key', apiKey],
      },
    },
  });

  test('never reach the page, its storage, any contract answer or the data folder, after a login and a send', async ({ app, harness }) => {
    const answers: string[] = [];
    app.on('response', (response) => {
      if (response.url().includes('/__harness/'))
        void response.text().then(
          (text) => answers.push(text),
          () => undefined,
        );
    });
    await app.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = app.getByRole('dialog', { name: 'Edit Local sandbox' });
    await editor.getByLabel('API key').fill(apiKey);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    // Pushes arrive over server-sent events, which the response log cannot read: collect them in the page.
    await app.evaluate(() => {
      const pushes: string[] = [];
      Object.assign(window, { pushes });
      window.eventdesk!.session.onChanged((payload) => pushes.push(JSON.stringify(payload)));
      window.eventdesk!.sandbox.onRequest((payload) => pushes.push(JSON.stringify(payload)));
      window.eventdesk!.send.onProgress((payload) => pushes.push(JSON.stringify(payload)));
    });
    await app.getByTestId('session-bar').getByRole('button', { name: 'Log in' }).click();
    const login = app.getByRole('dialog', { name: 'Log in to Local sandbox' });
    await login.getByLabel('Username').fill('qa');
    await login.getByLabel('Password', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(app.getByTestId('session-countdown')).toContainText('expires in');
    // And a send, whose request carries the API key and the token.
    await app.locator('.monaco-editor').first().click();
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(app.getByTestId('send-outcome')).toContainText('accepted');
    await app.getByRole('tab', { name: 'Sandbox' }).click();
    await app.getByRole('list', { name: 'Requests, newest first' }).getByRole('listitem').first().locator('summary').click();
    await app.getByRole('tab', { name: 'Composer' }).click();
    await expect.poll(() => app.evaluate(() => (window as unknown as { pushes: string[] }).pushes.length)).toBeGreaterThan(1);
    answers.push(...(await app.evaluate(() => (window as unknown as { pushes: string[] }).pushes)));
    await app.reload();
    await expect(app.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(app.getByTestId('session-countdown')).toContainText('expires in');

    const secrets = await harness.services.vault.get(LOCAL_SANDBOX_ID);
    expect(secrets.apiKey).toBe(apiKey);
    const needles = [secrets.accessToken!, secrets.refreshToken!, apiKey, password];
    expect(needles.every(Boolean)).toBe(true);
    const page = await app.evaluate(async () => ({
      dom: document.documentElement.outerHTML,
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      databases: JSON.stringify(await indexedDB.databases()),
    }));
    const files = await Promise.all(
      (await readdir(harness.dataFolder, { recursive: true })).map((name) => readFile(path.join(harness.dataFolder, name), 'utf8').catch(() => '')),
    );
    expect(answers.length).toBeGreaterThan(5);
    for (const needle of needles) {
      for (const [where, text] of Object.entries({ ...page, answers: answers.join('\n'), files: files.join('\n') })) {
        expect(text.includes(needle), `${where} holds a secret`).toBe(false);
      }
    }
  });
});

test.describe('with a 5-second token lifetime', () => {
  test.use({ harnessOptions: { sandbox: { tokenTtlSeconds: 5 } } });

  test('a remembered password renews the login by itself, visibly', async ({ app }) => {
    await logInWithDemo(app, { remember: true });
    await expect(app.getByText('Logged in again automatically')).toBeVisible({ timeout: 8000 });
    await saveScreenshot(app, 'automatic-relogin');
    await expect(app.getByTestId('session-countdown')).toContainText('expires in');
  });

  test('without one, nothing sending: the session bar says the session ended and offers the login, and the typing goes on', async ({ app }) => {
    await logInWithDemo(app);
    const editor = app.locator('.monaco-editor').first();
    await editor.click();
    await app.keyboard.press('ControlOrMeta+End');
    await app.keyboard.type('// work in progress');
    const bar = app.getByTestId('session-bar');
    await expect(bar.getByRole('status')).toHaveText('Your session on Local sandbox ended. Log in again to send; nothing you typed is lost.', {
      timeout: 8000,
    });
    await expect(bar.getByTestId('session-countdown')).toHaveText('session ended');
    await saveScreenshot(app, 'session-ended');
    // No dialog came over the work: what is typed next still goes into the editor.
    await expect(app.getByRole('dialog')).toHaveCount(0);
    await app.keyboard.type(' and more');
    await expect(editor).toContainText('// work in progress and more');

    await bar.getByRole('button', { name: 'Log in again' }).click();
    const dialog = app.getByRole('dialog', { name: 'Log in to Local sandbox' });
    await dialog.getByLabel('Password', { exact: true }).fill('demo-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();
    await expect(bar.getByTestId('session-countdown')).toContainText('expires in');
  });
});
