import packageJson from '../../package.json' with { type: 'json' };

/** The name and version the command line and the harness report; the app reads the same file. */
export const product = { name: packageJson.productName, version: packageJson.version } as const;
