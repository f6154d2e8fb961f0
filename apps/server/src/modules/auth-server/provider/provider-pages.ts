import { createHash } from 'node:crypto';
import type { ErrorOut, KoaContextWithOIDC, Provider } from 'oidc-provider';
import { escapeHtml } from '../../../platform/http/escape-html.js';
import { rendersRightToLeft } from '../../../platform/localization/culture-info.js';
import type { Localizer } from '../../../platform/localization/localizer.js';

/** Adds a source to one directive of the response's Content-Security-Policy, if it has one. */
function allowInPolicy(ctx: KoaContextWithOIDC, directive: string, source: string): void {
  const policy = ctx.response.get('content-security-policy');
  if (!policy || policy.includes(source)) return;
  const pattern = new RegExp(`(^|;)\\s*${directive} ([^;]*)`);
  ctx.set(
    'content-security-policy',
    pattern.test(policy)
      ? policy.replace(pattern, `$1${directive} $2 ${source}`)
      : `${policy};${directive} 'self' ${source}`,
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Lets one inline script through the response's Content-Security-Policy (by its hash). */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): string {
  allowInPolicy(ctx, 'script-src', sha256(script));
  return `<script>${script}</script>`;
}

/**
 * The pages' look: a card in the middle of the page in the web app's primary colour, readable
 * from 320 px up, mirrored for right-to-left languages by `dir`. Inline, so the pages need
 * nothing else from the server; the policy lets exactly this text through (its hash).
 */
const STYLE = [
  ':root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",sans-serif;line-height:1.5;color:#212529;background:#f8f9fa}',
  'body{margin:0;padding:10vh 1rem}',
  'main{max-width:32rem;margin:0 auto;padding:2rem;background:#fff;border:1px solid #dee2e6;border-radius:.5rem}',
  'h1{margin:0 0 1rem;font-size:1.5rem;font-weight:500}',
  'p{margin:0 0 1rem;overflow-wrap:anywhere}',
  '.code{color:#6c757d;font-size:.875rem}',
  '.button{display:inline-block;padding:.375rem .75rem;border:1px solid #2f4bd1;border-radius:.375rem;background:#2f4bd1;color:#fff;font:inherit;text-decoration:none;cursor:pointer}',
  '.button:hover{background:#2840b2}',
  '.button:focus-visible{outline:3px solid rgba(47,75,209,.5);outline-offset:2px}',
].join('');
const STYLE_HASH = sha256(STYLE);

function page(ctx: KoaContextWithOIDC, culture: string, title: string, body: string): string {
  allowInPolicy(ctx, 'style-src', STYLE_HASH);
  const dir = rendersRightToLeft(culture) ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${escapeHtml(culture)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The provider's sign-out form, and ours for the provider's self-submitting one. */
const LOGOUT_FORM_ID = 'op.logoutForm';
const FORM_ID = 'op.form';

function submitButton(formId: string, label: string): string {
  return `<button type="submit" class="button" form="${formId}">${escapeHtml(label)}</button>`;
}

/** A page whose form submits itself; without JavaScript, a heading and the button that sends it. */
function selfSubmitting(
  ctx: KoaContextWithOIDC,
  culture: string,
  content: { title: string; form: string; formId: string; label: string },
): string {
  const submit = allowInlineScript(ctx, 'document.forms[0].submit()');
  const button = submitButton(content.formId, content.label);
  const fallback = `<noscript><h1>${escapeHtml(content.title)}</h1>${button}</noscript>`;
  return page(ctx, culture, content.title, `${fallback}${content.form}${submit}`);
}

/**
 * The errors a person meets on the provider's error page that have a text of their own
 * (`Vineta::SignInServerError:<code>`); any other gets the general one. `invalid_request` is also
 * an expired sign-in (the provider's `SessionNotFound`).
 */
const EXPLAINED_ERRORS = new Set(['invalid_client', 'invalid_redirect_uri', 'invalid_request']);
const explanationKey = (error: string) =>
  `SignInServerError:${EXPLAINED_ERRORS.has(error) ? error : 'Default'}`;

/**
 * The few pages oidc-provider renders itself. Everything a user normally sees (sign-in, errors in
 * the app) is the web app's; these only cover sign-out confirmation, the self-submitting form and
 * protocol errors that cannot be sent back to a client.
 */
/** Whether the sign-out's `id_token_hint` was issued to this browser's signed-in person. */
function isHintOfThisSession(ctx: KoaContextWithOIDC): boolean {
  const hint = ctx.oidc.entities.IdTokenHint as
    | { payload: { sub?: string; sid?: string; aud?: string | string[] } }
    | undefined;
  if (!hint) return false;
  const session = ctx.oidc.session;
  // No one is signed in here: the sign-out ends nothing, and only returns to the client.
  if (!session?.accountId) return true;
  if (hint.payload.sub !== session.accountId) return false;
  const clientId = Array.isArray(hint.payload.aud) ? hint.payload.aud[0] : hint.payload.aud;
  return !hint.payload.sid || !clientId || hint.payload.sid === session.sidFor(clientId);
}

export function createProviderPages(deps: {
  appUrl: string;
  localizer: Localizer;
  cultureOf(ctx: KoaContextWithOIDC): Promise<string>;
}) {
  const { appUrl, localizer } = deps;
  return {
    /**
     * RP-initiated sign-out ends the whole session (`logout=yes`). With an `id_token_hint` issued
     * to the person signed in here (same subject, and the same session when it names one) the
     * client vouches for the request and the form submits itself, as IdentityServer did (a button
     * without JavaScript); otherwise the user confirms, so a foreign page cannot sign them out.
     * oidc-provider checks only that the hint is a valid ID token of the client: audit G signed a
     * victim out, and so revoked their tokens, with the attacker's own ID token.
     */
    async logoutSource(ctx: KoaContextWithOIDC, form: string) {
      const endAll = form.replace(
        '</form>',
        '<input type="hidden" name="logout" value="yes"/></form>',
      );
      const culture = await deps.cultureOf(ctx);
      const title = localizer.text('AbpAccount', 'Logout', culture);
      const button = submitButton(LOGOUT_FORM_ID, title);
      ctx.type = 'html';
      ctx.body = isHintOfThisSession(ctx)
        ? selfSubmitting(ctx, culture, {
            title,
            form: endAll,
            formId: LOGOUT_FORM_ID,
            label: title,
          })
        : page(ctx, culture, title, `<h1>${escapeHtml(title)}</h1>${endAll}${button}`);
    },

    /**
     * The provider's self-submitting form (see `useOwnFormPostPages`): back to the client, or on
     * to the sign-out's confirmation.
     */
    async formPost(ctx: KoaContextWithOIDC, action: string, fields: string) {
      const culture = await deps.cultureOf(ctx).catch(() => localizer.defaultCulture);
      const signOut = ctx.oidc?.route === 'end_session';
      const title = signOut
        ? localizer.text('AbpAccount', 'Logout', culture)
        : localizer.text('Vineta', 'SignInServerReturn', culture);
      const label = signOut ? title : localizer.text('Vineta', 'SignInServerContinue', culture);
      const form = `<form id="${FORM_ID}" method="post" action="${action}">${fields}</form>`;
      ctx.body = selfSubmitting(ctx, culture, { title, form, formId: FORM_ID, label });
    },

    /** Signed out without a registered return address: back to the app. */
    async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
      ctx.status = 303;
      ctx.redirect(appUrl);
    },

    /**
     * A protocol error that cannot go back to the client (an unknown client or redirect URI, an
     * expired sign-in, a database outage …): what happened in the reader's words, then the OAuth
     * code and the provider's own description (English, left to right even on a right-to-left
     * page) for whoever reports it, and the way back to the app. The issuer (`iss`) is for
     * clients only.
     */
    async renderError(ctx: KoaContextWithOIDC, out: ErrorOut) {
      const culture = await deps.cultureOf(ctx).catch(() => localizer.defaultCulture);
      const title = localizer.text('AbpAccount', 'DefaultErrorMessage', culture);
      const home = localizer.text('AbpUi', 'GoHomePage', culture);
      // An outage's description is ours, already in the reader's language (outage-answers.ts).
      const outage = out.error === 'temporarily_unavailable';
      const explanation = outage
        ? String(out.error_description)
        : localizer.text('Vineta', explanationKey(out.error), culture);
      const detail =
        out.error_description && !outage
          ? `${escapeHtml(out.error)}: ${escapeHtml(out.error_description)}`
          : escapeHtml(out.error);
      ctx.type = 'html';
      ctx.body = page(
        ctx,
        culture,
        title,
        `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(explanation)}</p><p class="code" dir="ltr" lang="en">${detail}</p><a class="button" href="${escapeHtml(appUrl)}">${escapeHtml(home)}</a>`,
      );
    },
  };
}

export type ProviderPages = ReturnType<typeof createProviderPages>;

/** oidc-provider's self-submitting page (`response_modes/form_post.js`): its form and fields. */
const PROVIDER_FORM_POST =
  /<title>Submitting Callback<\/title>[\s\S]*<form method="post" action="([^"]*)">/;
const HIDDEN_FIELD = /<input type="hidden" name="[^"]*" value="[^"]*"\/>/g;

/**
 * oidc-provider renders one page we cannot configure: the form that submits itself, which
 * returns a client's answer as `response_mode=form_post` asks, and ends a sign-out that found no
 * session. Its title is "Submitting Callback" and, without JavaScript, its text is English. Ours
 * replaces it after the fact: the same action and fields (already escaped by the provider), in
 * the reader's language.
 */
export function useOwnFormPostPages(provider: Provider, pages: ProviderPages): void {
  provider.use(async (ctx, next) => {
    await next();
    if (typeof ctx.body !== 'string') return;
    const form = PROVIDER_FORM_POST.exec(ctx.body);
    if (!form) return;
    const fields = ctx.body.match(HIDDEN_FIELD) ?? [];
    await pages.formPost(ctx as KoaContextWithOIDC, form[1] as string, fields.join(''));
  });
}
