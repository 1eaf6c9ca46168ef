/**
 * A kept batch's text as its events: a submission's batch is kept as it was sent, a captured
 * request's body as it arrived, so either may be no JSON array, and then holds no event.
 */
export function batchEvents(text: string): unknown[] {
  try {
    const events: unknown = JSON.parse(text);
    return Array.isArray(events) ? events : [];
  } catch {
    return [];
  }
}
