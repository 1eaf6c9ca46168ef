import { describe, expect, it } from 'vitest';
import { repositoryOf } from '../../build/cli/pack.ts';

describe("the package's repository", () => {
  it('is the GitHub repository the release workflow packs it in, which npm provenance checks', () => {
    expect(repositoryOf({ GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/eventdesk' })).toEqual({
      repository: { type: 'git', url: 'git+https://github.com/acme/eventdesk.git' },
    });
  });

  it('is left out where the checkout cannot know it', () => {
    expect(repositoryOf({})).toEqual({});
    expect(repositoryOf({ GITHUB_REPOSITORY: 'acme/eventdesk' })).toEqual({});
  });
});
