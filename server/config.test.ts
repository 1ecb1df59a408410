import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      pgPort: undefined,
      captchaEnabled: true,
      sessionIdleMinutes: 120,
      tokenRotateMinutes: 30,
      tokenGraceSeconds: 60,
      tokenHeaderName: 'X-Access-Token',
      staticDir: path.resolve('./dist'),
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db:5432/x',
      XIAOWU_DATA_DIR: '/srv/xiaowu',
      XIAOWU_PG_PORT: '55432',
      XIAOWU_CAPTCHA: 'off',
      XIAOWU_SESSION_IDLE_MINUTES: '30',
      XIAOWU_TOKEN_ROTATE_MINUTES: '0',
      XIAOWU_STATIC_DIR: '/srv/dist',
      XIAOWU_TRUST_PROXY: 'on',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/x',
      dataDir: '/srv/xiaowu',
      pgPort: 55432,
      captchaEnabled: false,
      sessionIdleMinutes: 30,
      tokenRotateMinutes: 0,
      staticDir: '/srv/dist',
      trustProxy: true,
    });
    expect(loadConfig({ DATABASE_URL: '', XIAOWU_PG_PORT: '' })).toMatchObject({ databaseUrl: undefined, pgPort: undefined });
  });

  it('XIAOWU_TRUST_PROXY: on/off, a hop count or a list of proxy addresses/CIDRs', () => {
    expect(loadConfig({ XIAOWU_TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ XIAOWU_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ XIAOWU_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => loadConfig({ XIAOWU_TRUST_PROXY: 'yes' })).toThrow(/XIAOWU_TRUST_PROXY: must be on, off, a hop count/);
    expect(() => loadConfig({ XIAOWU_TRUST_PROXY: '0' })).toThrow(/XIAOWU_TRUST_PROXY/);
  });

  it('backups: on by default beside the data directory (files only with DATABASE_URL), every setting read, bad ones named', () => {
    expect(loadConfig({ XIAOWU_DATA_DIR: '/srv/xiaowu' }).backup).toEqual({
      mode: 'embedded',
      dir: '/srv/xiaowu/backups',
      archiveTimeoutSeconds: 60,
      nightlyAt: { hour: 2, minute: 30 },
      keep: { daily: 7, weekly: 4, manual: 5 },
      pointInTimeDays: 7,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/x' }).backup.mode).toBe('files');
    expect(
      loadConfig({
        XIAOWU_BACKUP: 'off',
        XIAOWU_BACKUP_DIR: '/mnt/backup',
        XIAOWU_BACKUP_AT: '23:05',
        XIAOWU_BACKUP_KEEP_DAILY: '14',
        XIAOWU_BACKUP_KEEP_WEEKLY: '8',
        XIAOWU_BACKUP_KEEP_MANUAL: '2',
        XIAOWU_BACKUP_ARCHIVE_TIMEOUT: '30',
        XIAOWU_BACKUP_PITR_DAYS: '14',
      }).backup,
    ).toEqual({ mode: 'off', dir: '/mnt/backup', archiveTimeoutSeconds: 30, nightlyAt: { hour: 23, minute: 5 }, keep: { daily: 14, weekly: 8, manual: 2 }, pointInTimeDays: 14 });
    expect(loadConfig({ XIAOWU_BACKUP_AT: 'off' }).backup.nightlyAt).toBeNull();
    expect(() => loadConfig({ XIAOWU_BACKUP_AT: '25:00', XIAOWU_BACKUP_KEEP_DAILY: '0' })).toThrow(/XIAOWU_BACKUP_AT: must be HH:MM \(school time\) or off[\s\S]*XIAOWU_BACKUP_KEEP_DAILY/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', XIAOWU_CAPTCHA: 'maybe', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*XIAOWU_CAPTCHA/);
  });
});
