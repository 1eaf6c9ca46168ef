import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { CommandId } from '../../../app/common/commands.ts';
import { menuTemplate } from '../../../app/electron-main/menu-template.ts';

// menu.ts with Electron replaced at its boundary: what it hands Menu.buildFromTemplate.

const built: MenuItemConstructorOptions[][] = [];
vi.mock('electron', () => ({
  Menu: {
    buildFromTemplate: (template: MenuItemConstructorOptions[]) => (built.push(template), { template }),
    setApplicationMenu: () => undefined,
  },
}));

const { installMenu } = await import('../../../app/electron-main/menu.ts');

function find(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  for (const item of items) {
    if (item.label === label) return item;
    const inner = Array.isArray(item.submenu) ? find(item.submenu, label) : undefined;
    if (inner) return inner;
  }
  return undefined as unknown as MenuItemConstructorOptions;
}

const click = (item: MenuItemConstructorOptions) => (item.click as () => void)();

beforeEach(() => void (built.length = 0));

describe('the menu glue', () => {
  it('shows the shortcuts without registering them (the page handles its keys), and runs the command on click', () => {
    const ran: CommandId[] = [];
    installMenu(menuTemplate({ platform: 'linux', packaged: true, recent: [], recentWorkspaces: [], theme: 'light', appName: 'EventDesk' }), {
      command: (id) => ran.push(id),
      openRecent: () => undefined,
      openRecentWorkspace: () => undefined,
    });
    const send = find(built[0]!, 'Send batch');
    expect(send).toMatchObject({ accelerator: 'CmdOrCtrl+Enter', registerAccelerator: false });
    click(send);
    expect(ran).toEqual(['send.send']);
    expect(find(built[0]!, 'Light')).toMatchObject({ type: 'radio', checked: true });
    expect(find(built[0]!, 'No recent files')).toMatchObject({ enabled: false });
    expect(built[0]!.flatMap((menu) => (Array.isArray(menu.submenu) ? menu.submenu : [])).filter((item) => item.role === 'copy')).toEqual([{ role: 'copy' }]);
  });

  it('reopens a recent file by its path', () => {
    const opened: string[] = [];
    const recent = [{ path: '/work/signup.json', name: 'signup.json', openedAt: '2026-11-22T10:00:00.000Z' }];
    installMenu(menuTemplate({ platform: 'darwin', packaged: false, recent, recentWorkspaces: [], theme: 'system', appName: 'EventDesk' }), {
      command: () => undefined,
      openRecent: (file) => opened.push(file),
      openRecentWorkspace: () => undefined,
    });
    click(find(built[0]!, 'signup.json'));
    expect(opened).toEqual(['/work/signup.json']);
  });

  it('reopens a recent workspace by its folder', () => {
    const opened: string[] = [];
    const recentWorkspaces = [{ root: '/work/shop', name: 'Shop events', openedAt: '2026-11-22T10:00:00.000Z' }];
    installMenu(menuTemplate({ platform: 'linux', packaged: true, recent: [], recentWorkspaces, theme: 'system', appName: 'EventDesk' }), {
      command: () => undefined,
      openRecent: () => undefined,
      openRecentWorkspace: (root) => opened.push(root),
    });
    click(find(built[0]!, 'Shop events'));
    expect(opened).toEqual(['/work/shop']);
  });
});
