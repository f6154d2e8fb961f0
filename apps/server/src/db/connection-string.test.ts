import { describe, expect, it } from 'vitest';
import { parseConnectionString } from './connection-string.js';

const dataDir = '/srv/vineta/data';

describe('parseConnectionString', () => {
  it.each([
    ['postgres://user:secret@db.example:5432/acme', 'postgres'],
    ['postgresql://db.example/acme?sslmode=require', 'postgres'],
  ])('accepts the PostgreSQL URL %s', (value, dialect) => {
    expect(parseConnectionString(value, dataDir)).toEqual({ dialect, connectionString: value });
  });

  it.each([
    ['/var/lib/vineta/acme.sqlite', '/var/lib/vineta/acme.sqlite'],
    ['sqlite:tenants/acme.db', '/srv/vineta/data/tenants/acme.db'],
    ['file:///var/lib/vineta/acme.sqlite3', '/var/lib/vineta/acme.sqlite3'],
    ['acme.sqlite', '/srv/vineta/data/acme.sqlite'],
    // ABP's SQLite form.
    ['Data Source=/tmp/x.db', '/tmp/x.db'],
    ['DataSource = Acme.db;', '/srv/vineta/data/Acme.db'],
    ['filename=tenants/acme.sqlite', '/srv/vineta/data/tenants/acme.sqlite'],
  ])('accepts the SQLite path %s', (value, file) => {
    expect(parseConnectionString(value, dataDir)).toEqual({ dialect: 'sqlite', file });
  });

  it.each([
    '',
    '   ',
    'postgres://',
    'postgres://db.example',
    'postgres://db.example/',
    'mysql://db.example/acme',
    'Server=localhost;Database=Acme;Trusted_Connection=True',
    ':memory:',
    '/var/lib/vineta/acme',
    'file:acme.sqlite?mode=memory',
    '/tmp/a\n.sqlite',
    'acme.sqlite\0',
    'Server=localhost;Database=Acme.db',
    'Data Source=acme.db;Password=secret',
    'Data Source=',
  ])('refuses %j', (value) => {
    expect(parseConnectionString(value, dataDir)).toBeUndefined();
  });
});
