import { beforeEach, describe, expect, it } from 'vitest';
import { useComposer } from '../../../../renderer/base/state/composer.ts';

beforeEach(() => useComposer.setState({ batches: [], activeId: null }));

const names = () => useComposer.getState().batches.map((batch) => batch.name);

describe('the open batches’ names', () => {
  it('are never the same twice: a second import of a name is numbered', () => {
    const { open } = useComposer.getState();
    open();
    open({ name: 'Batch 1', text: '[]' });
    open({ name: 'events.ndjson', text: '[]' });
    open({ name: 'events.ndjson', text: '[]' });
    open({ name: 'events.ndjson', text: '[]' });
    expect(names()).toEqual(['Batch 1', 'Batch 1 (2)', 'events.ndjson', 'events.ndjson (2)', 'events.ndjson (3)']);
  });

  it('tell files of the same name apart by their folder, then by number', () => {
    const { openFile } = useComposer.getState();
    openFile({ name: 'batch.json', path: '/cases/4711/batch.json', text: '[]' });
    openFile({ name: 'batch.json', path: '/cases/4712/batch.json', text: '[]' });
    openFile({ name: 'batch.json', path: 'C:\\other\\4712\\batch.json', text: '[]' });
    expect(names()).toEqual(['batch.json', 'batch.json (4712)', 'batch.json (2)']);
  });

  it('stay distinct when a batch is saved to a file another tab’s name is taken from', () => {
    const { openFile, open, saved } = useComposer.getState();
    openFile({ name: 'batch.json', path: '/cases/4711/batch.json', text: '[]' });
    const id = open();
    saved(id, '/cases/4712/batch.json', '[]');
    expect(names()).toEqual(['batch.json', 'batch.json (4712)']);
    saved(id, '/cases/4712/batch.json', '[1]');
    expect(names()).toEqual(['batch.json', 'batch.json (4712)']);
  });
});
