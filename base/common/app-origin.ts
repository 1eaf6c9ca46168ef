/** The app's own scheme and origin: the window loads app://eventdesk/, and the sandbox admits that origin. */

export const APP_SCHEME = 'app';
export const APP_HOST = 'eventdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
