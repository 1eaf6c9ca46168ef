import { useNotices } from '../base/state/ui.ts';

/** Copies text the page may hold (the sandbox's public settings) and says so, or why it could not. */
export function useCopyText() {
  const notify = useNotices((state) => state.notify);
  return (text: string, what: string) =>
    navigator.clipboard.writeText(text).then(
      () => notify('success', `Copied the ${what}.`),
      (error: unknown) => notify('error', `The ${what} could not be copied: ${error instanceof Error ? error.message : String(error)}`),
    );
}
