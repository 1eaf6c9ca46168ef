import { describe, expect, it } from 'vitest';
import { createTextBufferFactory } from 'monaco-editor/editor/common/model/textModel';
import { bufferInSlices, keepsOffsets, type TextBuffer } from '../../../renderer/monaco/text-buffer.ts';

/** A buffer's lines and line ending, as a model made from it has them. */
function linesOf(buffer: TextBuffer) {
  const { textBuffer } = buffer.create(1);
  return { lines: textBuffer.getLinesContent(), eol: textBuffer.getEOL() };
}

describe('a text buffer built a slice at a time', () => {
  it('has the lines a buffer built in one go has, where a slice cuts a \\r\\n or a surrogate pair', async () => {
    // Slices are a million characters: the first ends between \r and \n, the second inside an emoji.
    const text = `${'a'.repeat(999_999)}\r\n${'b'.repeat(999_998)}😀\r\nlast line, no end`;
    expect(text.charAt(999_999)).toBe('\r');
    expect(text.charCodeAt(1_999_999)).toBe(0xd83d);
    const sliced = linesOf(await bufferInSlices(text));
    expect(sliced).toEqual(linesOf(createTextBufferFactory(text)));
    expect(sliced.lines.map((line) => line.length)).toEqual([999_999, 1_000_000, 17]);
    expect(sliced.eol).toBe('\r\n');
  });

  it('makes an empty buffer of an empty text', async () => {
    expect(linesOf(await bufferInSlices(''))).toEqual({ lines: [''], eol: '\n' });
  });
});

describe('whether a text and the model made from it share their offsets', () => {
  const shared = async (text: string) => {
    const { textBuffer } = (await bufferInSlices(text)).create(1);
    return keepsOffsets(text, textBuffer.getLength(), textBuffer.getEOL());
  };

  it('they do for LF or CRLF line endings throughout', async () => {
    expect(await shared('[\n  {"a": 1}\n]')).toBe(true);
    expect(await shared('[\r\n  {"a": 1}\r\n]')).toBe(true);
  });

  it('they do not past a byte order mark, nor with mixed line endings, which Monaco changes', async () => {
    expect(await shared('\uFEFF[\n  {"a": 1}\n]')).toBe(false);
    expect(await shared('[\r\n  {"a": 1}\n]')).toBe(false);
    expect(await shared('[\n  {"a": 1}\r]')).toBe(false);
  });
});
