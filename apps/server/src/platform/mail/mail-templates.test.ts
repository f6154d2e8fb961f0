import { describe, expect, it } from 'vitest';
import { localizationResources } from '../../localization/resources/resources.js';
import { createLocalizer } from '../localization/localizer.js';
import { createMailTemplates } from './mail-templates.js';

const localizer = createLocalizer(
  [
    {
      name: 'Vineta',
      baseResources: [],
      texts: {
        en: { 'Email:Footer': 'Sent by {0}.' },
        ar: { 'Email:Footer': 'أرسلها {0}.' },
      },
    },
  ],
  'en',
);
const templates = createMailTemplates({ localizer, applicationName: 'Viñeta' });

describe('mail templates', () => {
  it('renders the same words as text and as HTML, with the localized footer', () => {
    const mail = templates.render('en', {
      subject: 'Password reset',
      paragraphs: ['We received a request.', 'Ignore it if it was not you.'],
      button: {
        text: 'Reset my password',
        url: 'https://app.example/reset?a=1&b=2',
        fallback: 'If the button does not work, open https://app.example/reset?a=1&b=2',
      },
    });
    expect(mail.subject).toBe('Password reset');
    expect(mail.text).toBe(
      'We received a request.\n\nIgnore it if it was not you.\n\n' +
        'Reset my password:\nhttps://app.example/reset?a=1&b=2\n\n--\n\nSent by Viñeta.\n',
    );
    expect(mail.html).toContain('href="https://app.example/reset?a=1&amp;b=2"');
    expect(mail.html).toContain('>Reset my password</a>');
    // The link alone breaks anywhere and stays left to right; the sentence wraps at its spaces.
    expect(mail.html).toContain(
      'If the button does not work, open <span dir="ltr" style="word-break:break-all">https://app.example/reset?a=1&amp;b=2</span>',
    );
    expect(mail.html).toContain('dir="ltr"');
    expect(mail.html).not.toMatch(/<style|class=/);
  });

  it('escapes everything the caller gives', () => {
    const mail = templates.render('en', {
      subject: '<b>Hi</b>',
      paragraphs: ['Tom & "Jerry" <script>alert(1)</script>'],
      button: { text: '<i>go</i>', url: 'https://x.example/"><script>' },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Tom &amp; &quot;Jerry&quot; &lt;script&gt;');
    expect(mail.html).toContain('&lt;i&gt;go&lt;/i&gt;');
  });

  it('shows the bare link under the button without a fallback text', () => {
    const mail = templates.render('en', {
      subject: 'S',
      paragraphs: [],
      button: { text: 'Go', url: 'https://app.example/x' },
    });
    expect(mail.html.match(/https:\/\/app\.example\/x/g)).toHaveLength(2);
  });

  it('drops a button whose link is not http(s)', () => {
    const mail = templates.render('en', {
      subject: 'S',
      paragraphs: ['P'],
      button: { text: 'Click', url: 'javascript:alert(1)' },
    });
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).not.toContain('javascript:');
  });

  it('writes Arabic right to left, falling back to the default culture for missing texts', () => {
    const mail = templates.render('ar', { subject: 'إعادة تعيين', paragraphs: ['مرحبا'] });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('text-align:right');
    expect(mail.text).toContain('أرسلها Viñeta.');
  });

  it("takes its footer from the application's Vineta resource", () => {
    const real = createMailTemplates({
      localizer: createLocalizer(localizationResources, 'es-MX'),
      applicationName: 'Viñeta',
    });
    expect(real.render('es-MX', { subject: 'S', paragraphs: [] }).text).toContain(
      'Enviado por Viñeta',
    );
    expect(real.render('ar', { subject: 'S', paragraphs: [] }).text).toContain(
      'أُرسلت بواسطة Viñeta',
    );
  });
});
