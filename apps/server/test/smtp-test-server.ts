import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One message the test server accepted, decoded enough for assertions. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** Whether the session was encrypted (implicit TLS or STARTTLS). */
  secure: boolean;
  /** The user name that authenticated, if any. */
  user: string | undefined;
  headers: Record<string, string>;
  text: string | undefined;
  html: string | undefined;
}

export interface SmtpTestServer {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process, on 127.0.0.1 (port 0 picks a free one). With `auth`,
 * AUTH is required and only that user and password pass; with `tls`, `secure` means implicit
 * TLS and `starttls` offers STARTTLS on a plain connection.
 */
export async function startSmtpTestServer(
  options: {
    port?: number;
    auth?: { user: string; pass: string };
    tls?: { key: string; cert: string };
    secure?: boolean;
    starttls?: boolean;
  } = {},
): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const disabledCommands = [
    ...(options.auth ? [] : ['AUTH']),
    ...(options.starttls ? [] : ['STARTTLS']),
  ];
  const server = new SMTPServer({
    logger: false,
    secure: options.secure ?? false,
    ...(options.tls ?? {}),
    disabledCommands,
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      const expected = options.auth;
      if (expected && auth.username === expected.user && auth.password === expected.pass) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password (test server)'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const parsed = parseMime(Buffer.concat(chunks).toString('utf8'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          secure: session.secure,
          user: typeof session.user === 'string' ? session.user : undefined,
          headers: parsed.headers,
          text: parsed.text,
          html: parsed.html,
        });
        callback();
      });
    },
  });
  // Client-side aborts (a refused certificate, a dropped socket) are expected in these tests.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP test server has no port');
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port that was free a moment ago, for a server that starts later ("SMTP down, then up"). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A self-signed certificate for 127.0.0.1 made by the `openssl` command (node:crypto makes no X.509). */
export function createSelfSignedCertificate(): { key: string; cert: string } {
  const directory = mkdtempSync(join(tmpdir(), 'vineta-cert-'));
  try {
    const key = join(directory, 'key.pem');
    const cert = join(directory, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
      ].concat(['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert]),
      { stdio: 'ignore', input: '' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Just enough MIME for nodemailer's output: headers, and the text and HTML parts, decoded. */
function parseMime(raw: string) {
  const { headers, body } = splitEntity(raw);
  const parts: { text?: string; html?: string } = {};
  const visit = (entityHeaders: Record<string, string>, entityBody: string) => {
    const type = entityHeaders['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      const sections = entityBody.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break;
        const child = splitEntity(section.replace(/^\r?\n/, ''));
        visit(child.headers, child.body);
      }
      return;
    }
    const decoded = decodeBody(entityBody, entityHeaders['content-transfer-encoding']);
    if (type.startsWith('text/html')) parts.html = decoded;
    else if (type.startsWith('text/plain')) parts.text = decoded;
  };
  visit(headers, body);
  return { headers, ...parts };
}

function splitEntity(raw: string) {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
    }
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = '7bit'): string {
  const kind = encoding.toLowerCase();
  if (kind === 'base64') {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
  }
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\r?\n/g, ''));
  return body.replace(/\r\n/g, '\n').replace(/\n$/, '');
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(text[index] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_whole, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Polls `probe` until it returns something truthy; fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 10_000, intervalMs = 20 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
