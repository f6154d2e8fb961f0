import { escapeHtml } from '../http/escape-html.js';
import { rendersRightToLeft } from '../localization/culture-info.js';
import type { Localizer } from '../localization/localizer.js';

/** What a module says in a mail, already localized in the recipient's culture. */
export interface MailContent {
  subject: string;
  paragraphs: string[];
  /**
   * A call to action; only http(s) links are rendered. `fallback` is shown under the button for
   * clients that do not render it (e.g. `Email:PasswordReset:LinkFallback` with the link); without
   * it, the bare link is.
   */
  button?: { text: string; url: string; fallback?: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The layout's own text, in resource `Vineta`; `{0}` is the application's name. */
const MAIL_FOOTER_KEY = 'Email:Footer';

const isWebLink = (url: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/**
 * One small layout for every mail: a plain-text part and an HTML part with the same words. The
 * HTML uses inline styles and tables only, as mail clients strip style sheets; every value is
 * escaped; Arabic gets `dir="rtl"`. The caller localizes the content, the layout its footer.
 */
export function createMailTemplates(deps: {
  localizer: Pick<Localizer, 'text'>;
  applicationName: string;
}) {
  const { localizer, applicationName } = deps;

  return {
    render(culture: string, content: MailContent): RenderedMail {
      const footer = localizer.text('Vineta', MAIL_FOOTER_KEY, culture, { 0: applicationName });
      const link = content.button && isWebLink(content.button.url) ? content.button : undefined;
      return {
        subject: content.subject,
        text: renderText(content, link, footer),
        html: renderHtml(culture, content, link, footer),
      };
    },
  };
}

export type MailTemplates = ReturnType<typeof createMailTemplates>;

function renderText(content: MailContent, link: MailContent['button'], footer: string): string {
  const blocks = [...content.paragraphs];
  if (link) blocks.push(`${link.text}:\n${link.url}`);
  blocks.push('--', footer);
  return `${blocks.join('\n\n')}\n`;
}

/**
 * The line under the button: its sentence as it is, the link in it kept left to right (in an
 * Arabic sentence too) and broken anywhere, as a link has no spaces to wrap at; breaking the whole
 * line anywhere split the sentence's own words.
 */
function fallbackHtml(link: NonNullable<MailContent['button']>): string {
  const url = escapeHtml(link.url);
  return escapeHtml(link.fallback ?? link.url).replace(
    url,
    () => `<span dir="ltr" style="word-break:break-all">${url}</span>`,
  );
}

/** The web app's primary colour (`$primary` in its theme), so a mail's button looks like ours. */
const BRAND_COLOR = '#2f4bd1';

function renderHtml(
  culture: string,
  content: MailContent,
  link: MailContent['button'],
  footer: string,
): string {
  const rtl = rendersRightToLeft(culture);
  const dir = rtl ? 'rtl' : 'ltr';
  const align = rtl ? 'right' : 'left';
  const text = `font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#212529;text-align:${align}`;
  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;${text}">${escapeHtml(paragraph)}</p>`)
    .join('\n');
  const button = link
    ? `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:12px 24px;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;border-radius:4px;font-family:Arial,Helvetica,sans-serif;font-size:15px">${escapeHtml(link.text)}</a></p>
<p style="margin:0 0 16px;${text};font-size:13px;color:#6c757d">${fallbackHtml(link)}</p>`
    : '';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(culture)}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body dir="${dir}" style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:6px"><tr><td dir="${dir}" style="padding:32px 28px;direction:${dir}">
<h1 style="margin:0 0 20px;font-family:Arial,Helvetica,sans-serif;font-size:20px;color:#212529;text-align:${align}">${escapeHtml(content.subject)}</h1>
${paragraphs}
${button}
</td></tr></table>
<p dir="${dir}" style="margin:16px 0 0;font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#6c757d;text-align:center">${escapeHtml(footer)}</p>
</td></tr></table>
</body>
</html>
`;
}
