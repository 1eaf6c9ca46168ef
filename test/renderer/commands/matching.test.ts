import { describe, expect, it } from 'vitest';
import { matchScore } from '../../../renderer/commands/matching.ts';

describe('matchScore', () => {
  it('matches the start of any word of the title or the group', () => {
    expect(matchScore('hist', 'Show the history', 'View')).not.toBeNull();
    expect(matchScore('view', 'Show the history', 'View')).not.toBeNull();
    expect(matchScore('istory', 'Show the history', 'View')).toBeNull();
  });

  it('matches the starts of words that follow each other', () => {
    expect(matchScore('newb', 'New batch', 'File')).not.toBeNull();
    expect(matchScore('sb', 'Send batch', 'Send')).not.toBeNull();
    expect(matchScore('bs', 'Send batch', 'Send')).toBeNull();
  });

  it('needs every typed word to match somewhere', () => {
    expect(matchScore('save as', 'Save batch as…', 'File')).not.toBeNull();
    expect(matchScore('save history', 'Save batch as…', 'File')).toBeNull();
  });

  it('ranks a match early in the title before a later one, and before the group', () => {
    const early = matchScore('history', 'History of sends', 'View')!;
    const late = matchScore('history', 'Show the history', 'View')!;
    const group = matchScore('view', 'Show the history', 'View')!;
    expect(early).toBeLessThan(late);
    expect(late).toBeLessThan(group);
  });

  it('matches everything when nothing is typed', () => {
    expect(matchScore('', 'Anything', 'Help')).toBe(0);
    expect(matchScore('  ', 'Anything', 'Help')).toBe(0);
  });
});
