import './help.css';
import { walkTokens } from 'marked';
import { useEffect, useId, useRef } from 'react';
import { GUIDE_START, useHelp, type GuidePlace } from '../base/state/help.ts';
import { GuideMarkdown } from './GuideMarkdown.tsx';
import { GUIDE_PAGES, linkTarget, MOST_HITS, QUERY_LIMIT, searchGuide, type SearchHit } from './guide.ts';

/**
 * Help: the guide and the command reference, read inside the app, offline, at the version
 * installed. The pages list on the left follows the guide's own contents; the search finds the
 * sections holding every word typed; links between pages stay in the app, and Back returns.
 */

/** The guide's pages in the order its contents page links them, then the command reference. */
function pageOrder(): string[] {
  const listed = [GUIDE_START.page];
  walkTokens(GUIDE_PAGES.get(GUIDE_START.page)?.tokens ?? [], (token) => {
    if (token.type !== 'link') return;
    const target = linkTarget(GUIDE_START.page, token.href);
    if (target.kind === 'guide' && !listed.includes(target.place.page)) listed.push(target.place.page);
  });
  return listed.filter((page) => GUIDE_PAGES.has(page));
}

const ORDER = pageOrder();

/**
 * Scrolls to the place's heading, or to the page's top. A visit (a link, Back, an open from
 * elsewhere) also moves the focus there, so a screen reader reads where it landed; the page
 * coming back as the search is cleared leaves the focus in the search box.
 */
function showPlace(container: HTMLElement | null, place: GuidePlace, focus: boolean): void {
  if (!container) return;
  const heading = [...container.querySelectorAll<HTMLElement>('[data-anchor]')].find((element) => element.dataset.anchor === place.anchor);
  const target = heading ?? container.querySelector<HTMLElement>('h2');
  if (!target) return;
  target.tabIndex = -1;
  target.scrollIntoView({ block: 'start' });
  if (focus) target.focus({ preventScroll: true });
}

export function HelpScreen() {
  const { place, back, query, visit, go, goBack, search } = useHelp();
  const article = useRef<HTMLElement>(null);
  const searchId = useId();

  const searching = query.trim() !== '';
  const shownVisit = useRef(-1);
  useEffect(() => {
    if (searching) return;
    showPlace(article.current, place, shownVisit.current !== visit);
    shownVisit.current = visit;
  }, [place, searching, visit]);

  const page = GUIDE_PAGES.get(place.page) ?? GUIDE_PAGES.get(GUIDE_START.page)!;
  const hits = searching ? searchGuide(query) : null;

  return (
    <main className="help-screen" aria-labelledby="help-heading">
      <div className="pane-header help-header">
        <h1 id="help-heading">Help</h1>
        <button type="button" className="small" disabled={back.length === 0} onClick={goBack} title="Back to the page before (Alt+←)">
          Back
        </button>
        <label htmlFor={searchId} className="visually-hidden">
          Search the guide
        </label>
        <input
          id={searchId}
          type="search"
          className="help-search"
          placeholder="Search the guide"
          maxLength={QUERY_LIMIT}
          value={query}
          onChange={(event) => search(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && query !== '') {
              event.stopPropagation();
              search('');
            }
          }}
        />
      </div>
      <div
        className="help-body"
        onKeyDown={(event) => {
          if (event.altKey && event.key === 'ArrowLeft') {
            event.preventDefault();
            goBack();
          }
        }}
      >
        <nav className="help-pages" aria-label="Guide pages">
          <ul>
            {ORDER.map((path) => (
              <li key={path}>
                <button type="button" aria-current={path === page.path && hits === null ? 'page' : undefined} onClick={() => go({ page: path, anchor: null })}>
                  {GUIDE_PAGES.get(path)!.title}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {hits ? (
          <SearchResults query={query} hits={hits} go={go} />
        ) : (
          <article className="help-article" ref={article} aria-label={page.title}>
            <GuideMarkdown page={page} go={go} />
          </article>
        )}
      </div>
    </main>
  );
}

function SearchResults({ query, hits, go }: { query: string; hits: SearchHit[]; go: (place: GuidePlace) => void }) {
  return (
    <section className="help-results" aria-labelledby="help-results-heading">
      <h2 id="help-results-heading" role="status">
        {hits.length === 0
          ? `Nothing in the guide holds “${query.trim()}”`
          : `${hits.length === MOST_HITS ? `The first ${MOST_HITS}` : hits.length} ${hits.length === 1 ? 'section' : 'sections'} holding “${query.trim()}”`}
      </h2>
      {hits.length === 0 && <p className="muted">Try fewer words, or another word for the same thing; every word typed must appear in a section.</p>}
      <ul>
        {hits.map((hit) => (
          <li key={`${hit.section.page}#${hit.section.anchor ?? ''}`}>
            <button type="button" className="help-hit" onClick={() => go({ page: hit.section.page, anchor: hit.section.anchor })}>
              <span className="help-hit-title">
                {hit.title}
                {hit.section.anchor && ` › ${hit.section.heading}`}
              </span>
              <span className="help-hit-excerpt">{hit.excerpt}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
