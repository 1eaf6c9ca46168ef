import { describe, expect, it } from 'vitest';
import { environmentSecretVariables } from '../../../features/environments/common/secret-variables.ts';

describe('environmentSecretVariables', () => {
  it('makes one name of capitals, digits and single underscores from any environment name', () => {
    expect(environmentSecretVariables('staging-eu')).toEqual({
      username: 'EVENTDESK_STAGING_EU_USERNAME',
      password: 'EVENTDESK_STAGING_EU_PASSWORD',
      apiKey: 'EVENTDESK_STAGING_EU_API_KEY',
    });
    expect(environmentSecretVariables('  Staging  EU ')?.password).toBe('EVENTDESK_STAGING_EU_PASSWORD');
    expect(environmentSecretVariables('Zürich (prod) #2')?.apiKey).toBe('EVENTDESK_ZURICH_PROD_2_API_KEY');
    expect(environmentSecretVariables('--x--')?.username).toBe('EVENTDESK_X_USERNAME');
  });

  it('gives none to a name without a letter or digit of A-Z and 0-9', () => {
    expect(environmentSecretVariables('生産')).toBeNull();
    expect(environmentSecretVariables('--')).toBeNull();
  });
});
