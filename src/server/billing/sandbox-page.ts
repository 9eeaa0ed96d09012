import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { TEST_MODE_TEXT } from '../../core/billing/protocol'
import { type AnyLocale, LOCALE_INFO, localizedPath } from '../../core/i18n/locales'
import { msg } from '../../core/i18n/message-id'
import { PREMIUM_PLAN } from '../../core/plan/definition'
import type { Accounts } from '../auth/accounts'
import { answers, noQuery } from '../http/openapi'
import { translator } from '../i18n/translate'
import { SANDBOX_APPROVE_PATH, type SandboxProvider } from './sandbox-provider'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:28rem;margin:0 auto;padding:2.5rem 1rem}
.card{background:#fff;border-radius:1rem;box-shadow:0 1px 3px rgb(0 0 0/.12);padding:1.5rem}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:.25rem .75rem;font-size:.875rem;font-weight:600}
h1{font-size:1.5rem;margin:.75rem 0 .25rem}
.price{font-size:1.25rem;font-weight:700;margin:.5rem 0}
dl{margin:1rem 0;font-size:.875rem}dl div{display:flex;justify-content:space-between;gap:1rem;padding:.375rem 0;border-top:1px solid #e2e8f0}
dt{color:#475569}dd{margin:0;font-family:ui-monospace,monospace;word-break:break-all;text-align:right}
.actions{display:flex;flex-direction:column;gap:.75rem;margin-top:1.25rem}
button{font:inherit;font-weight:600;border-radius:.75rem;padding:.75rem 1rem;cursor:pointer;border:0}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.approve{background:#1d4ed8;color:#fff}.approve:hover{background:#1e40af}
.cancel{background:transparent;color:#1e293b;border:1px solid #94a3b8}
p.note{font-size:.875rem;color:#475569}
@media (prefers-color-scheme:dark){body{background:#020617;color:#e2e8f0}.card{background:#0f172a}
dl div{border-color:#1e293b}dt,p.note{color:#94a3b8}.cancel{color:#e2e8f0;border-color:#475569}}`

const ALREADY_HANDLED_OR_MISSING = msg('This test payment does not exist or has already been handled.')
const ALREADY_HANDLED = msg('This test payment has already been handled.')
const INCOMPLETE = msg('The form was incomplete.')

type Target = { field: 'subscription_id' | 'order_id'; id: string; title: string; price: string }

/** The page in the visitor's language (their browser's, as they arrive from the app). */
function page(locale: AnyLocale, target: Target | null, message?: string): string {
  const t = translator(locale)
  const badge = `<span class="badge">${escapeHtml(t(TEST_MODE_TEXT))}</span>`
  const body = target
    ? `${badge}
<h1>${escapeHtml(target.title)}</h1>
<p class="price">${escapeHtml(target.price)}</p>
<dl><div><dt>${escapeHtml(t('Merchant'))}</dt><dd>Whirl</dd></div><div><dt>${escapeHtml(t('Reference'))}</dt><dd>${escapeHtml(target.id)}</dd></div></dl>
<p class="note">${escapeHtml(t("This is Whirl's built-in test payment page. It stands in for PayPal while no PayPal account is configured: approving changes your plan as a real payment would, and nothing is charged."))}</p>
<form method="post" action="${SANDBOX_APPROVE_PATH}" class="actions">
<input type="hidden" name="${target.field}" value="${escapeHtml(target.id)}">
<button class="approve" name="decision" value="approve">${escapeHtml(target.field === 'order_id' ? t('Approve payment') : t('Approve subscription'))}</button>
<button class="cancel" name="decision" value="cancel">${escapeHtml(t('Cancel and return'))}</button>
</form>`
    : `${badge}
<h1>${escapeHtml(t('Payment not found'))}</h1>
<p>${escapeHtml(t(message ?? ALREADY_HANDLED_OR_MISSING))}</p>
<p><a href="${localizedPath(locale, '/subscription')}">${escapeHtml(t('Back to the plans'))}</a></p>`
  return `<!doctype html><html lang="${locale}" dir="${LOCALE_INFO[locale].dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('Approve payment (test mode) · Whirl'))}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${SANDBOX_APPROVE_PATH}.css"></head>
<body><main><div class="card">${body}</div></main></body></html>`
}

const tokenLike = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`

/**
 * The sandbox provider's approval page, at our own URL: it looks like a payment approval, says
 * plainly that it is test mode, and returns to /payment/success with PayPal's query parameters
 * (subscription_id, token, ba_token; token and PayerID for a one-time payment) or to /payment/cancel.
 */
export function registerSandboxPage(
  app: FastifyInstance,
  sandbox: SandboxProvider,
  accounts: Accounts,
): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )

    const html = z.string().meta({ description: 'The sandbox approval page (text/html)' })
    const pageAnswers = answers({ 200: html, 404: html, 409: html })
    const css = {
      querystring: noQuery,
      response: answers({ 200: z.string().meta({ description: 'text/css' }) }),
    }
    // Read by the handler, which answers a page for any value: declared loosely.
    const ids = z.looseObject({ subscription_id: z.optional(z.unknown()), order_id: z.optional(z.unknown()) })
    scope.get(`${SANDBOX_APPROVE_PATH}.css`, { schema: css }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS),
    )

    scope.get(
      SANDBOX_APPROVE_PATH,
      { schema: { querystring: ids, response: pageAnswers } },
      async (request, reply) => {
        const query = request.query as Record<string, unknown>
        // The form's POST must name this origin (no-referrer would send `Origin: null`, refused).
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'same-origin')
        const id = typeof query.subscription_id === 'string' ? query.subscription_id : query.order_id
        const row = typeof id === 'string' && id.length <= 64 ? await sandbox.find(id) : null
        if (!row) return reply.status(404).send(page(request.locale, null))
        const pending =
          row.kind === 'subscription' ? row.status === 'APPROVAL_PENDING' : row.status === 'CREATED'
        if (!pending) return reply.status(409).send(page(request.locale, null, ALREADY_HANDLED))
        const price = `$${row.amount ?? PREMIUM_PLAN.price} ${row.currency ?? PREMIUM_PLAN.currency}`
        const t = translator(request.locale)
        return reply.send(
          page(
            request.locale,
            row.kind === 'subscription'
              ? {
                  field: 'subscription_id',
                  id: row.id,
                  title: `Whirl ${PREMIUM_PLAN.name}`,
                  price: t('{price} / month', { price }),
                }
              : { field: 'order_id', id: row.id, title: t('Whirl Premium: 30 days'), price },
          ),
        )
      },
    )

    const decision = z.optional(ids.extend({ decision: z.optional(z.unknown()) }))
    const approval = { body: decision, response: pageAnswers }
    scope.post(
      SANDBOX_APPROVE_PATH,
      { onRequest: accounts.checkOrigin, schema: approval },
      async (request, reply) => {
        const form = (request.body ?? {}) as Record<string, unknown>
        const approve = form.decision === 'approve'
        const token = tokenLike('EC-')
        if (typeof form.subscription_id === 'string') {
          const id = form.subscription_id
          if (!approve) return reply.redirect(`/payment/cancel?token=${token}`, 303)
          const row = await sandbox.approveSubscription(id)
          if (!row) return reply.status(404).type('text/html; charset=utf-8').send(page(request.locale, null))
          const params = new URLSearchParams({ subscription_id: row.id, token, ba_token: tokenLike('BA-') })
          return reply.redirect(`/payment/success?${params}`, 303)
        }
        if (typeof form.order_id === 'string') {
          if (!approve)
            return reply.redirect(`/payment/cancel?token=${encodeURIComponent(form.order_id)}`, 303)
          const row = await sandbox.approveOrder(form.order_id)
          if (!row) return reply.status(404).type('text/html; charset=utf-8').send(page(request.locale, null))
          const params = new URLSearchParams({ token: row.id, PayerID: tokenLike('PAYER') })
          return reply.redirect(`/payment/success?${params}`, 303)
        }
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(page(request.locale, null, INCOMPLETE))
      },
    )
  })
}
