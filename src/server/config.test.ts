import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/app', 'data'),
      databaseUrl: undefined,
      nodeEnv: 'production',
      clientDir: path.resolve('/srv/app', 'dist/client'),
    });
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/var/lib/topup', DATABASE_URL: 'postgres://u@db:5432/topup' }, '/srv/app');
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/var/lib/topup');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/topup');
  });

  it('uses the sandbox top-up provider unless both Reloadly credentials are set', () => {
    expect(loadConfig({}).reloadly).toBeUndefined();
    expect(loadConfig({ RELOADLY_CLIENT_ID: 'id', RELOADLY_CLIENT_SECRET: 'secret' }).reloadly).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      sandbox: false,
    });
    expect(loadConfig({ RELOADLY_CLIENT_ID: 'id', RELOADLY_CLIENT_SECRET: 'secret', RELOADLY_SANDBOX: 'true' }).reloadly?.sandbox).toBe(true);
    expect(() => loadConfig({ RELOADLY_CLIENT_ID: 'id' })).toThrow(/^RELOADLY_CLIENT_SECRET must be set too/);
    expect(() => loadConfig({ RELOADLY_CLIENT_ID: 'id', RELOADLY_CLIENT_SECRET: 's', RELOADLY_SANDBOX: 'yes' })).toThrow(
      /^RELOADLY_SANDBOX must be true or false/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', /^PORT must be a port number between 0 and 65535 \(got "abc"\)$/],
    ['PORT', '70000', /^PORT must be a port number/],
    ['DATABASE_URL', 'mysql://localhost/db', /^DATABASE_URL must be a postgres:\/\/ URL/],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL must be one of fatal, error/],
    ['NODE_ENV', 'staging', /^NODE_ENV must be one of development, production, test/],
  ])('rejects %s=%s with one line naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
