import type { Token, Tokens } from 'marked';
import type { ReactNode } from 'react';
import type { GuidePlace } from '../base/state/help.ts';
import { imageUrl, linkTarget, resolvePath, type GuidePage } from './guide.ts';

/**
 * A guide page's tokens (marked's lexer) as React elements: the page is never handed to the DOM
 * as HTML, so nothing in it runs, and raw HTML in the Markdown (a comment) is left out. Headings
 * carry GitHub's anchors, so a link that works on GitHub works here.
 */

interface Context {
  page: string;
  anchors: GuidePage['anchors'];
  go: (place: GuidePlace) => void;
}

function inline(tokens: readonly Token[] | undefined, context: Context): ReactNode[] {
  return (tokens ?? []).map((token, index) => <InlineToken key={index} token={token} context={context} />);
}

function InlineToken({ token, context }: { token: Token; context: Context }): ReactNode {
  switch (token.type) {
    case 'strong':
      return <strong>{inline((token as Tokens.Strong).tokens, context)}</strong>;
    case 'em':
      return <em>{inline((token as Tokens.Em).tokens, context)}</em>;
    case 'del':
      return <del>{inline((token as Tokens.Del).tokens, context)}</del>;
    case 'codespan':
      return <code>{(token as Tokens.Codespan).text}</code>;
    case 'br':
      return <br />;
    case 'link':
      return <GuideLink token={token as Tokens.Link} context={context} />;
    case 'image': {
      const image = token as Tokens.Image;
      const url = imageUrl(resolvePath(context.page, image.href));
      return url ? <img src={url} alt={image.text} className="guide-image" /> : <em>{image.text}</em>;
    }
    case 'html':
      return null;
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? <>{inline(text.tokens, context)}</> : text.text;
    }
    default:
      return 'text' in token ? String(token.text) : null;
  }
}

function GuideLink({ token, context }: { token: Tokens.Link; context: Context }) {
  const target = linkTarget(context.page, token.href);
  const label = inline(token.tokens, context);
  if (target.kind === 'guide')
    return (
      <a
        href={`#${target.place.anchor ?? ''}`}
        onClick={(event) => {
          event.preventDefault();
          context.go(target.place);
        }}
      >
        {label}
      </a>
    );
  // Shown for what it is, to copy or find: the app opens no browser, and carries only the guide.
  const where = target.kind === 'web' ? target.url : target.path;
  return (
    <span className="guide-outside" title={target.kind === 'web' ? 'A web page' : 'A file of the EventDesk repository'}>
      {label} (<code>{where}</code>)
    </span>
  );
}

function Block({ token, context }: { token: Token; context: Context }): ReactNode {
  switch (token.type) {
    case 'heading': {
      const heading = token as Tokens.Heading;
      const Tag = `h${Math.min(heading.depth + 1, 6)}` as 'h2';
      const anchor = context.anchors.get(token);
      return (
        <Tag id={anchor && `guide-${anchor}`} data-anchor={anchor}>
          {inline(heading.tokens, context)}
        </Tag>
      );
    }
    case 'paragraph':
      return <p>{inline((token as Tokens.Paragraph).tokens, context)}</p>;
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, index) => <li key={index}>{blocks(item.tokens, context)}</li>);
      return list.ordered ? <ol start={Number(list.start) || 1}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'code':
      return (
        <pre className="guide-code">
          <code>{(token as Tokens.Code).text}</code>
        </pre>
      );
    case 'blockquote':
      return <blockquote>{blocks((token as Tokens.Blockquote).tokens, context)}</blockquote>;
    case 'table': {
      const table = token as Tokens.Table;
      return (
        <div className="guide-table">
          <table>
            <thead>
              <tr>
                {table.header.map((cell, index) => (
                  <th key={index}>{inline(cell.tokens, context)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index}>{inline(cell.tokens, context)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'hr':
      return <hr />;
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens, context) : text.text;
    }
    case 'space':
    case 'html':
      return null;
    default:
      return 'tokens' in token && Array.isArray(token.tokens) ? inline(token.tokens as Token[], context) : null;
  }
}

function blocks(tokens: readonly Token[], context: Context): ReactNode[] {
  return tokens.map((token, index) => <Block key={index} token={token} context={context} />);
}

/** A page of the guide, its headings one level down (the screen has its own h1), their ids prefixed `guide-`. */
export function GuideMarkdown({ page, go }: { page: GuidePage; go: (place: GuidePlace) => void }) {
  return <div className="guide-page">{blocks(page.tokens, { page: page.path, anchors: page.anchors, go })}</div>;
}
