import { createHash } from 'node:crypto';
import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import type { Localizer } from '../../platform/localization/localizer.js';

const escapeHtml = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** Lets one inline script through the response's Content-Security-Policy (by its hash). */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): string {
  const policy = ctx.response.get('content-security-policy');
  if (policy) {
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    ctx.set(
      'content-security-policy',
      policy.replace(/script-src ([^;]*)/, `script-src $1 ${hash}`),
    );
  }
  return `<script>${script}</script>`;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;

/**
 * The few pages oidc-provider renders itself. Everything a user normally sees (sign-in, errors in
 * the app) is the web app's; these only cover sign-out confirmation and protocol errors that
 * cannot be sent back to a client.
 */
export function createProviderPages(deps: {
  appUrl: string;
  localizer: Localizer;
  cultureOf(ctx: KoaContextWithOIDC): Promise<string>;
}) {
  const { appUrl, localizer } = deps;
  return {
    /**
     * RP-initiated sign-out ends the whole session (`logout=yes`). With a valid `id_token_hint`
     * the client vouches for the request and the form submits itself, as IdentityServer did;
     * without one the user confirms, so a foreign page cannot sign them out.
     */
    async logoutSource(ctx: KoaContextWithOIDC, form: string) {
      const endAll = form.replace(
        '</form>',
        '<input type="hidden" name="logout" value="yes"/></form>',
      );
      const culture = await deps.cultureOf(ctx);
      const title = localizer.text('AbpAccount', 'Logout', culture);
      ctx.type = 'html';
      if (ctx.oidc.entities.IdTokenHint) {
        const submit = allowInlineScript(ctx, 'document.forms[0].submit()');
        ctx.body = page(title, `${endAll}${submit}`);
        return;
      }
      const button = `<button type="submit" form="op.logoutForm">${escapeHtml(title)}</button>`;
      ctx.body = page(title, `<h1>${escapeHtml(title)}</h1>${endAll}${button}`);
    },

    /** Signed out without a registered return address: back to the app. */
    async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
      ctx.status = 303;
      ctx.redirect(appUrl);
    },

    async renderError(ctx: KoaContextWithOIDC, out: ErrorOut) {
      const culture = await deps.cultureOf(ctx).catch(() => localizer.defaultCulture);
      const title = localizer.text('AbpAccount', 'DefaultErrorMessage', culture);
      const details = Object.entries(out)
        .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</p>`)
        .join('');
      ctx.type = 'html';
      ctx.body = page(
        title,
        `<h1>${escapeHtml(title)}</h1>${details}<p><a href="${escapeHtml(appUrl)}">${escapeHtml(appUrl)}</a></p>`,
      );
    },
  };
}

export type ProviderPages = ReturnType<typeof createProviderPages>;
