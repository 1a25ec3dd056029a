import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { tenantUrl } from '../context.js';
import { escapeHtml as e, PAGE_CSP, page } from '../http/html.js';
import { parseInput } from '../http/parseBody.js';
import { usersView } from './devApi.js';
import { PushApproveBodySchema, PushParamsSchema } from './devApiSchemas.js';
import { answerPush, pushView } from './pushAnswers.js';
import { rpStartLinks } from './relyingParty.js';

export const DEV_PAGE = '/_emulator/';

function table(headers: string[], rows: string[][]): string {
  if (rows.length === 0) return '<p><em>None.</em></p>';
  const head = headers.map((h) => `<th>${e(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/**
 * The phone's answer: Approve and Reject; with number matching (issue 27), Approve asks for the
 * number the sign-in page shows, as the authenticator app does.
 */
function pushAnswerForms(id: string, numberMatching: boolean): string {
  const approve = numberMatching
    ? `<label>Number shown at sign-in <input name="number" inputmode="numeric" autocomplete="off" required maxlength="8"></label> `
    : '';
  return (
    `<form method="POST" action="/_emulator/pushes/${e(id)}/approve">${approve}<button type="submit">Approve</button></form> ` +
    `<form method="POST" action="/_emulator/pushes/${e(id)}/reject"><button type="submit">Reject</button></form>`
  );
}

function render(ctx: EmulatorContext): string {
  const outbox = [...ctx.state.outbox]
    .reverse()
    .map((o) => [e(o.sentAt), e(o.channel), e(o.to), e(o.userName), `<code>${e(o.code)}</code>`]);
  const pushes = pushView(ctx.state).map((p) => [
    p.kind === 'registration' ? 'Registration' : 'Sign-in',
    e(p.userName),
    e(p.credValue),
    p.context ? `${e(p.context.application)}<br>${e(p.context.location)}` : '',
    e(p.status),
    e(p.expiresAt),
    p.status === 'PENDING' ? pushAnswerForms(p.id, p.numberMatching) : '',
  ]);
  const users = usersView(ctx).map((u) => [
    `<code>${e(u.userName)}</code>`,
    e(u.displayName),
    e(u.status),
    e(u.description),
    u.credentials
      .map((c) => `${e(c.credType)}: ${e(c.credValue)} (${e(c.status)}${c.default ? ', default' : ''})`)
      .join('<br>'),
  ]);
  return page(
    'SSO emulator',
    `<h1>SSO emulator</h1>
<p>Tenant base: <code>${e(tenantUrl(ctx.config))}</code>. Portal origins: ${ctx.config.portalOrigins.map((o) => `<code>${e(o)}</code>`).join(', ')}.</p>
<h2>Start an oauth2 sign-in</h2>${rpStartLinks(ctx)}
<h2>Outbox</h2>${table(['Sent', 'Channel', 'To', 'User', 'Code'], outbox)}
<h2>Pushes</h2>${table(['Kind', 'User', 'Device', 'Sign-in', 'Status', 'Expires', ''], pushes)}
<h2>Users</h2>${table(['User ID', 'Name', 'Status', 'Exercises', 'Credentials'], users)}
<h2>Reset</h2><form method="POST" action="/_emulator/reset"><button type="submit">Reset emulator</button></form>`,
  );
}

/** The developer page: server-rendered HTML, no scripts; forms post and redirect back. */
export function registerDevPage(app: FastifyInstance, ctx: EmulatorContext, resetAll: () => void): void {
  app.get(DEV_PAGE, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .send(render(ctx)),
  );
  app.get('/_emulator', async (_request, reply) => reply.redirect(DEV_PAGE, 302));
  for (const [action, answer] of [
    ['approve', 'AUTHENTICATED'],
    ['reject', 'REJECTED'],
  ] as const) {
    app.post(`/_emulator/pushes/:id/${action}`, async (request, reply) => {
      const { id } = parseInput(PushParamsSchema, request.params);
      const { number } = parseInput(PushApproveBodySchema, request.body);
      answerPush(ctx.state, id, answer, number);
      return reply.redirect(DEV_PAGE, 303);
    });
  }
  app.post('/_emulator/reset', async (_request, reply) => {
    resetAll();
    return reply.redirect(DEV_PAGE, 303);
  });
}
