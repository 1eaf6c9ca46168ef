import type { ErrorCode } from '../../base/common/error-codes.ts';
import type { GuidePlace } from './state/help.ts';

/**
 * The guide's section that mends an error, by its code: an error notice offers to open it. Each
 * place is checked against the guide's headings by a test, so a renamed heading fails it.
 */

const troubleshooting = (anchor: string): GuidePlace => ({ page: 'guide/troubleshooting.md', anchor });

const LOGIN_REFUSED = troubleshooting('the-login-is-refused');
const TOKEN_EXPIRED = troubleshooting('the-token-expired');
const HISTORY_DAMAGED = troubleshooting('the-history-is-damaged');
const PORT_IN_USE = troubleshooting('port-in-use');

export const GUIDE_SECTIONS: Partial<Record<ErrorCode, GuidePlace>> = {
  'wrong-credentials': LOGIN_REFUSED,
  'login-refused': LOGIN_REFUSED,
  'login-not-json': LOGIN_REFUSED,
  'password-needed': LOGIN_REFUSED,
  tls: LOGIN_REFUSED,
  unreachable: LOGIN_REFUSED,
  'token-already-expired': TOKEN_EXPIRED,
  'needs-login': TOKEN_EXPIRED,
  'history-corrupt': HISTORY_DAMAGED,
  'history-newer': HISTORY_DAMAGED,
  'history-full': HISTORY_DAMAGED,
  'sandbox-port-taken': PORT_IN_USE,
  'sandbox-listen': PORT_IN_USE,
  'missing-api-key': troubleshooting('no-api-key'),
  'submission-incomplete': troubleshooting('a-send-is-interrupted'),
  'nothing-to-resume': troubleshooting('a-send-is-interrupted'),
};

export function guideSectionFor(code: string): GuidePlace | null {
  return (GUIDE_SECTIONS as Record<string, GuidePlace | undefined>)[code] ?? null;
}
