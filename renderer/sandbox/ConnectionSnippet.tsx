import { useState } from 'react';
import { formatDateTime } from '../../base/common/datetime.ts';
import { cliSnippet, curlSnippet, type SnippetTarget } from '../../features/sandbox/common/sandbox-snippets.ts';
import { tabIdOf, ViewSwitch } from '../base/widgets/ViewSwitch.tsx';
import { useCopyText } from './copy-text.ts';

type Kind = 'curl' | 'cli';
const kinds = [
  ['curl', 'curl'],
  ['cli', 'Command line'],
] as const;
const PANEL = 'sandbox-snippet';

/** The sandbox's requests ready to paste into a shell: curl, or the command line's variables and flags. */
export function ConnectionSnippet({ target }: { target: Omit<SnippetTarget, 'createdAt'> }) {
  const [kind, setKind] = useState<Kind>('curl');
  const copy = useCopyText();
  // The example event happened now, in the sandbox's zone.
  const [createdAt] = useState(() => formatDateTime(new Date(), target.timeZone));
  const text = kind === 'curl' ? curlSnippet({ ...target, createdAt }) : cliSnippet({ ...target, createdAt });
  const what = kind === 'curl' ? 'curl snippet' : 'command-line snippet';
  return (
    <div className="connection-snippet">
      <div className="connection-snippet-bar">
        <ViewSwitch label="Snippet" options={kinds} value={kind} onChange={setKind} panel={PANEL} small />
        <span className="spacer" />
        <button type="button" className="small" onClick={() => void copy(text, what)}>
          Copy snippet
        </button>
      </div>
      <pre id={PANEL} role="tabpanel" aria-labelledby={tabIdOf(PANEL, kind)} tabIndex={0} data-testid="sandbox-snippet">
        {text}
      </pre>
      <p className="hint">
        {kind === 'curl'
          ? 'For bash or zsh: logs in, then sends one event; the answer is {"accepted":1}.'
          : 'eventdesk reads the credentials from these variables only, never from flags; in a checkout, run it as npm run --silent cli --.'}
      </p>
    </div>
  );
}
