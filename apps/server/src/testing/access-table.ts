// The access matrix: for every registered route, which roles may call it and what "own" means.
// access-matrix.int.test.ts calls every route below as each role and asserts the status class and
// that no other party's data (emails, message text, provider ids, payout ids) is in the body.
//
// The world the matrix runs in (built with the factories, through the API):
//   fan          — paid a message to `creator`, which `creator` answered; wrote a review of it
//   creator      — answered it, so has an earning, a connected payout account and one payout
//   otherFan, otherCreator — the same kinds of account with nothing to do with the above
//   admin        — active admin_users row, role admin; superAdmin — role super_admin
//
// HOW TO ADD A ROUTE: add a line `'METHOD /api/path/:param': { who: ..., ... }` below. `who` is one of
// the ACCESS kinds (read their comments); give `params` for path parameters and `body` when the
// route validates a body (the body is validated before the sign-in guard, so it must be valid for
// the guard to be what answers). `mutates: true` runs the route after the read-only ones.

import type { FastifyInstance } from 'fastify';
import type { Role, World } from './access-world';

export type Access =
  /** Everyone, signed in or not (public pages, auth entry points). */
  | 'anyone'
  /** Any signed-in account; the route only ever reads or changes the caller's own rows. */
  | 'signed-in'
  /** The fan and the creator of the conversation, and admins (conversation detail). */
  | 'participants'
  /** Only the fan who owns the resource (their payment, their review). */
  | 'owning-fan'
  /** Only the creator the resource is about (a review of them, a message to them). */
  | 'owning-creator'
  /** Creators only (their own earnings, metrics, payout account); fans and admins are refused. */
  | 'creators'
  /** Active admins of either role. */
  | 'admins'
  /** Only an active super admin (user management actions beyond the admin role). */
  | 'super-admins'
  /** A development convenience: open to anyone outside production, absent in production. */
  | 'development-only'
  /** Only the machinery that signs its requests (Stripe's webhook signature); no session is enough. */
  | 'signature';

export interface RouteAccess {
  who: Access;
  /** What "own" means for this route, in words (for the reader of this table). */
  own?: string;
  params?: (w: World) => Record<string, string>;
  body?: (w: World, role: Role) => unknown | Promise<unknown>;
  query?: string;
  /** Registered only under some configuration (so not found by the matrix's app): when, in words. */
  when?: string;
  /** A query string that needs the world's ids. */
  queryOf?: (w: World) => string;
  /** An extra check after each call: a sentence saying what went wrong, or null. */
  verify?: (w: World, role: Role, app: FastifyInstance) => Promise<string | null>;
  /** Changes state: runs after every read, denied roles first, and with a fresh session per call. */
  mutates?: boolean;
  /**
   * For allowed callers: 'success' (2xx, the default for reads) or 'guard-passed' (any answer but
   * 401/403 and no 5xx: the call reached the use case, which may refuse on business grounds).
   */
  allowed?: 'success' | 'guard-passed';
}

const conversation = (w: World) => ({ messageId: w.messageId });
const review = (w: World) => ({ reviewId: w.reviewId });
const payment = (w: World) => ({ paymentId: w.paymentId });
const content = { content: 'Thanks for writing! A reply long enough to be valid.' };

export const ACCESS_TABLE: Record<string, RouteAccess> = {
  // System and documentation
  'GET *': { who: 'anyone', own: 'static uploads and the web shell', allowed: 'guard-passed' },
  'GET /api/docs': { who: 'anyone', allowed: 'guard-passed' },
  'GET /api/docs/': { who: 'anyone', allowed: 'guard-passed' },
  'GET /api/docs/*': { who: 'anyone', allowed: 'guard-passed' },
  'GET /api/docs/json': { who: 'anyone' },
  'GET /api/docs/yaml': { who: 'anyone' },
  'GET /api/docs/static/index.html': { who: 'anyone', allowed: 'guard-passed' },
  'GET /api/docs/static/swagger-initializer.js': { who: 'anyone' },
  'GET /api/health': { who: 'anyone' },
  'GET /api/health/live': { who: 'anyone' },
  'GET /api/health/ready': { who: 'anyone' },
  // Prometheus metrics (issue 27): a bearer METRICS_TOKEN, never a session; absent without the token.
  'GET /metrics': { who: 'signature', own: 'the METRICS_TOKEN bearer token', when: 'METRICS_TOKEN is set' },
  'GET /api/config': { who: 'anyone' },
  // Issue 28: a page load's Web Vitals, from any visitor; no session is read, nothing personal kept.
  'POST /api/vitals': {
    who: 'anyone',
    body: () => ({ route: '/creators', metrics: [{ name: 'LCP', value: 1234 }] }),
    mutates: true,
  },
  'GET /api/payments/config': { who: 'anyone' },
  'GET /dev/outbox': { who: 'development-only', own: 'every mail the log mailer kept; not registered in production' },
  'GET /dev/outbox/:id': {
    who: 'development-only',
    own: 'one kept mail; not registered in production (the demo has it, DEMO_MODE)',
    params: () => ({ id: '1' }),
  },
  'GET /dev/mail': {
    who: 'development-only',
    own: 'every mail template with sample data; not registered in production',
  },
  'GET /dev/mail/:id': {
    who: 'development-only',
    own: 'one template with sample data; not registered in production',
    params: () => ({ id: 'new-message' }),
  },
  'POST /api/webhooks/stripe': {
    who: 'signature',
    when: 'registered only with STRIPE_SECRET_KEY (stripe-webhook.int.test.ts proves the signature check)',
    body: () => ({ id: 'evt_x', type: 'noop' }),
  },

  // Discovery (public)
  'GET /api/creators': { who: 'anyone' },
  'GET /api/creators/featured': { who: 'anyone' },
  'GET /api/creators/landing': { who: 'anyone' },
  'GET /api/creators/find': { who: 'anyone', query: 'q=someone', allowed: 'guard-passed' },
  'GET /api/creators/quick-search': { who: 'anyone', query: 'q=user' },
  'GET /api/categories': { who: 'anyone' },
  'GET /api/profiles/:username': { who: 'anyone', params: (w) => ({ username: w.creatorUsername }) },
  'GET /api/profiles/:username/reviews': { who: 'anyone', params: (w) => ({ username: w.creatorUsername }) },
  'GET /api/profiles/:username/eligibility': {
    who: 'signed-in',
    own: 'whether the caller may message this creator',
    params: (w) => ({ username: w.creatorUsername }),
  },
  'GET /api/verification/threads/config': { who: 'anyone' },

  // Authentication (the caller's own session and account)
  'GET /api/auth/session': { who: 'anyone', own: 'the caller’s own session, or null' },
  'GET /api/auth/username-available': { who: 'anyone', query: 'username=free_name_123' },
  'POST /api/auth/sign-up': {
    who: 'anyone',
    mutates: true,
    allowed: 'guard-passed',
    body: (_w, role) => ({
      email: `matrix_${role}_${Date.now()}@example.test`,
      password: 'a-long-password-1',
      displayName: 'Matrix',
      username: `mx_${role.toLowerCase()}_${Date.now() % 1e6}`,
    }),
  },
  'POST /api/auth/sign-in': {
    who: 'anyone',
    own: 'a spare account’s credentials; the session the caller presented ends (no fixation)',
    mutates: true,
    body: (w) => ({ email: w.spareEmail, password: 'test-password-1' }),
  },
  'POST /api/auth/sign-out': { who: 'anyone', mutates: true },
  'POST /api/auth/confirm-email': {
    who: 'anyone',
    allowed: 'guard-passed',
    body: () => ({ token: 'x'.repeat(32) }),
  },
  'POST /api/auth/resend-confirmation': {
    who: 'anyone',
    allowed: 'guard-passed',
    body: () => ({ email: 'nobody@example.test' }),
  },
  'POST /api/auth/forgot-password': {
    who: 'anyone',
    allowed: 'guard-passed',
    body: () => ({ email: 'nobody@example.test' }),
  },
  'POST /api/auth/reset-password': {
    who: 'anyone',
    allowed: 'guard-passed',
    body: () => ({ token: 'x'.repeat(32), password: 'a-long-password-2' }),
  },
  'POST /api/auth/reset-password/check': {
    who: 'anyone',
    body: () => ({ token: 'x'.repeat(32) }),
  },
  'POST /api/auth/change-password': {
    who: 'signed-in',
    own: 'the caller’s own password (a wrong current password is refused)',
    allowed: 'guard-passed',
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'a-long-password-3' }),
  },

  // Issue 41: closing the caller's own account (decision 0058). A wrong password is refused (400), so
  // the matrix never closes anyone; the mailed link's cancel is open to anyone holding a token.
  'GET /api/me/account-deletion': { who: 'signed-in', own: 'the caller’s own closure, if any' },
  'POST /api/me/account-deletion': {
    who: 'signed-in',
    own: 'the caller’s own account (a wrong password is refused)',
    allowed: 'guard-passed',
    body: () => ({ password: 'not-the-password' }),
  },
  'DELETE /api/me/account-deletion': { who: 'signed-in', allowed: 'guard-passed', mutates: true },
  'POST /api/account-deletion/cancel': {
    who: 'anyone',
    own: 'the closure the mailed token names',
    allowed: 'guard-passed',
    body: () => ({ token: 'x'.repeat(32) }),
  },

  // The caller's own profile and settings
  'GET /api/profile/me': { who: 'signed-in', own: 'the caller’s profile' },
  'PATCH /api/profile/me': { who: 'signed-in', mutates: true, body: () => ({ bio: 'Matrix bio' }) },
  'POST /api/profile/me/avatar': { who: 'signed-in', allowed: 'guard-passed', mutates: true },
  'POST /api/profile/me/cover': { who: 'signed-in', allowed: 'guard-passed', mutates: true },
  'POST /api/profile/me/portfolio': { who: 'signed-in', allowed: 'guard-passed', mutates: true },
  'GET /api/profile/me/notification-preferences': { who: 'signed-in' },
  'PUT /api/profile/me/notification-preferences': {
    who: 'signed-in',
    mutates: true,
    body: () => ({ email: true, push: true }),
  },
  // Web Push (issue 26): the caller's own browsers only.
  'GET /api/push/public-key': { who: 'signed-in' },
  'POST /api/push/subscriptions': {
    who: 'signed-in',
    mutates: true,
    body: () => ({
      endpoint: 'https://127.0.0.1:9/push/access-matrix',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    }),
  },
  'DELETE /api/push/subscriptions': {
    who: 'signed-in',
    mutates: true,
    body: () => ({ endpoint: 'https://127.0.0.1:9/push/access-matrix' }),
  },
  'POST /api/activity': { who: 'signed-in', body: () => ({ status: 'online' }), allowed: 'guard-passed' },
  'GET /api/instagram-key': { who: 'admins' },
  'PUT /api/instagram-key': { who: 'admins', mutates: true, body: () => ({ apiKey: 'matrix-key' }) },
  'POST /api/verification/threads/start': {
    who: 'signed-in',
    allowed: 'guard-passed',
    mutates: true,
    body: () => ({ username: 'matrix' }),
  },
  'POST /api/verification/threads/complete': {
    who: 'signed-in',
    allowed: 'guard-passed',
    body: () => ({ code: 'code', state: 'state' }),
  },
  'POST /api/verification/threads/simulate': {
    who: 'signed-in',
    allowed: 'guard-passed',
    mutates: true,
    body: () => ({ username: 'matrix' }),
  },
  'POST /api/verification/skip': { who: 'signed-in', allowed: 'guard-passed', mutates: true },

  // Messaging: the conversation between fan and creator
  'GET /api/conversations': { who: 'signed-in', own: 'conversations the caller sent or received' },
  'GET /api/conversations/:messageId': {
    who: 'participants',
    own: 'the fan who paid and the creator who received it',
    params: conversation,
  },
  'POST /api/messages/:messageId/reply': {
    who: 'owning-creator',
    own: 'the creator the message was sent to (already answered, so refused on business grounds)',
    params: conversation,
    body: () => content,
    allowed: 'guard-passed',
    mutates: true,
  },
  'POST /api/messages/:messageId/follow-up': {
    who: 'owning-creator',
    own: 'the creator the message was sent to',
    params: conversation,
    body: () => content,
    allowed: 'guard-passed',
    mutates: true,
  },
  'POST /api/messages/test-send': {
    who: 'signed-in',
    allowed: 'guard-passed',
    mutates: true,
    body: (w) => ({ recipientId: w.otherCreatorId, messageContent: 'Hello! A matrix message long enough.' }),
  },
  'GET /api/creator/stats': { who: 'creators', own: 'the caller’s own inbox figures' },
  'GET /api/creator/metrics': { who: 'creators', own: 'the caller’s own metrics' },

  // Payments: the fan's payment
  'POST /api/checkout': {
    who: 'signed-in',
    allowed: 'guard-passed',
    mutates: true,
    body: (w) => ({ recipientId: w.otherCreatorId, messageContent: 'Hello! A matrix message long enough.' }),
  },
  'GET /api/checkout/local/:paymentId': { who: 'owning-fan', own: 'the fan who started it', params: payment },
  'GET /api/payments/:paymentId': {
    who: 'owning-fan',
    own: 'the fan who paid (issue 36 §3: /payment-success)',
    params: payment,
  },
  'POST /api/checkout/local/:paymentId/pay': {
    who: 'owning-fan',
    own: 'the fan who started it (already paid, so refused on business grounds)',
    params: payment,
    allowed: 'guard-passed',
    mutates: true,
    body: () => ({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Matrix' }),
  },
  'GET /api/sender/dashboard': { who: 'signed-in', own: 'the caller’s own sent messages' },
  'POST /api/sender/onboarding/dismiss': { who: 'signed-in', mutates: true },
  'GET /api/billing/summary': { who: 'signed-in', own: 'the caller’s own payments' },
  'GET /api/billing/transactions': { who: 'signed-in', own: 'the caller’s own payments' },
  'GET /api/billing/transactions/:paymentId': { who: 'owning-fan', own: 'the fan who paid', params: payment },
  'GET /api/billing/export.csv': { who: 'signed-in', own: 'the caller’s own payments' },

  // Earnings and payouts: the creator's
  'GET /api/creator/earnings': { who: 'creators', own: 'the caller’s own earnings' },
  'GET /api/creator/earnings/export.csv': { who: 'creators', own: 'the caller’s own earnings' },
  'GET /api/creator/payouts': { who: 'creators', own: 'the caller’s own payouts' },
  'POST /api/creator/payouts': {
    // 'signed-in' here only because earlier mutations of this world (Make Creator) leave every role a
    // creator by the time it runs; creator-only.int.test.ts proves a fan is refused (403).
    who: 'signed-in',
    own: 'the caller’s own available balance (none left, so refused on business grounds)',
    allowed: 'guard-passed',
    mutates: true,
  },
  'GET /api/creator/price-bounds': { who: 'creators' },
  'POST /api/creator/payouts/:id/retry': {
    // The creator's own payout (not failed, so refused on business grounds); another's is a 404.
    who: 'signed-in',
    own: 'the caller’s own failed payout',
    params: (w) => ({ id: w.payoutId }),
    allowed: 'guard-passed',
    mutates: true,
  },
  'GET /api/stripe-connect/status': { who: 'creators', own: 'the caller’s own payout account' },
  'POST /api/stripe-connect/onboarding-link': { who: 'signed-in', allowed: 'guard-passed', mutates: true },
  'POST /api/stripe-connect/simulated/complete': { who: 'signed-in', allowed: 'guard-passed', mutates: true },
  // Local provider only (decision 0029): the caller's own simulated bank.
  'POST /api/stripe-connect/simulated/bank': {
    who: 'signed-in',
    body: () => ({ outcome: 'pay' }),
    allowed: 'guard-passed',
    mutates: true,
  },
  // A single-use login link to the caller's own Express dashboard (refused without a Stripe account).
  'POST /api/stripe-connect/dashboard-link': { who: 'signed-in', allowed: 'guard-passed', mutates: true },

  // Notifications: the caller's own
  'GET /api/notifications': { who: 'signed-in', own: 'the caller’s own notifications' },
  'POST /api/notifications/read-all': { who: 'signed-in', mutates: true },
  'POST /api/notifications/:id/read': {
    who: 'signed-in',
    own: 'the creator’s “new message” notification; anyone else’s call answers 404 and changes nothing (review I4)',
    params: (w) => ({ id: w.notificationId }),
    allowed: 'guard-passed',
    mutates: true,
    verify: async (w, role, app) => {
      if (role === 'creator') return null;
      const list = await app.inject({ url: '/api/notifications', headers: { cookie: w.cookies.creator } });
      if (list.statusCode !== 200) return `the creator's notification list answered ${list.statusCode} ${list.body}`;
      const mine = list.json().notifications.find((n: { id: string }) => n.id === w.notificationId);
      return mine?.isRead === false ? null : 'someone else marked the creator’s notification read';
    },
  },
  'GET /api/events': { who: 'signed-in', own: 'the caller’s own live events (a stream; read separately)' },

  // Reviews: the fan's review of the creator
  'GET /api/reviews/mine': {
    who: 'signed-in',
    own: 'the caller’s own review of that conversation (null for anyone else)',
    query: '',
    queryOf: (w) => `creatorId=${w.creatorId}&conversationId=${w.messageId}`,
  },
  'POST /api/reviews': {
    who: 'owning-fan',
    own: 'the fan of a replied conversation (already reviewed, so refused as a duplicate)',
    allowed: 'guard-passed',
    mutates: true,
    body: (w) => ({
      creatorId: w.creatorId,
      conversationId: w.messageId,
      rating: 4,
      title: 'Again',
      message: 'Again.',
    }),
  },
  'PATCH /api/reviews/:reviewId': {
    who: 'owning-fan',
    own: 'the review’s author',
    params: review,
    mutates: true,
    body: () => ({ rating: 4, title: 'Edited', message: 'Edited by its author.' }),
  },
  'DELETE /api/reviews/:reviewId': { who: 'owning-fan', own: 'the review’s author', params: review, mutates: true },
  'PUT /api/reviews/:reviewId/response': {
    who: 'owning-creator',
    own: 'the creator the review is about',
    params: review,
    mutates: true,
    body: () => ({ response: 'Thank you!' }),
  },
  'DELETE /api/reviews/:reviewId/response': {
    who: 'owning-creator',
    own: 'the creator the review is about',
    params: review,
    mutates: true,
  },

  // Issue #13: reports, decline, capacity, attachments, unsubscribe
  'POST /api/messages/:messageId/report': {
    who: 'participants',
    own: 'the two parties, each reporting the other’s words (admins are refused by the use case: 404)',
    params: conversation,
    body: (_w, role) => ({ target: role === 'creator' ? 'message' : 'reply', reason: 'Not appropriate here.' }),
    mutates: true,
    allowed: 'guard-passed',
  },
  'POST /api/messages/:messageId/not-an-answer': {
    who: 'owning-fan',
    own: 'the fan who paid for the answered message (everyone else, admins too, is told it is not found)',
    params: conversation,
    body: () => ({ reason: 'This does not answer my question.' }),
    mutates: true,
    allowed: 'guard-passed',
  },
  'POST /api/messages/:messageId/decline': {
    who: 'owning-creator',
    own: 'the creator the message was sent to (already answered, so refused on business grounds)',
    params: conversation,
    body: () => ({ reason: 'outside_expertise' }),
    mutates: true,
    allowed: 'guard-passed',
  },
  'GET /api/creator/at-risk': { who: 'creators', own: 'the caller’s own open messages' },
  'GET /api/creator/capacity': { who: 'creators', own: 'the caller’s own limits' },
  'PUT /api/creator/capacity': {
    who: 'creators',
    own: 'the caller’s own limits',
    body: () => ({ maxOpenMessages: null, dailyMessageCap: null, vacationUntil: null }),
    mutates: true,
  },
  'GET /api/creator/blocks': { who: 'creators', own: 'the caller’s own blocks' },
  'GET /api/creator/setup': { who: 'creators', own: 'the caller’s own setup checklist' },
  'POST /api/creator/setup/link-shared': {
    // 'signed-in' only because earlier mutations (Make Creator) leave every role a creator by the time it
    // runs; http/creator-setup.int.test.ts proves a fan is refused (403).
    who: 'signed-in',
    own: 'the caller’s own checklist step',
    mutates: true,
  },
  'PUT /api/creator/blocks/:fanId': {
    who: 'creators',
    own: 'a block by the caller (of the other fan, who has nothing open with anyone)',
    params: (w) => ({ fanId: w.otherFanId }),
    mutates: true,
  },
  'DELETE /api/creator/blocks/:fanId': {
    // Creators only, but deletions run last, after POST /api/verification/skip has made every account
    // here a creator: blocks.int.test.ts proves a fan is refused (403).
    who: 'signed-in',
    allowed: 'guard-passed',
    own: 'a block by the caller (creators only: every matrix account is a creator by the time this runs)',
    params: (w) => ({ fanId: w.otherFanId }),
    mutates: true,
  },
  'POST /api/attachments': {
    who: 'signed-in',
    own: 'an image the caller uploads (no file here: refused as bad input)',
    mutates: true,
    allowed: 'guard-passed',
  },
  'GET /api/attachments/:id': {
    who: 'participants',
    own: 'the uploader, the two parties of its message and admins (the world has none: 404)',
    params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    allowed: 'guard-passed',
  },
  // Issue 41 point 1 (decision 0057): a person's copy of their own data.
  'GET /api/me/data-export': { who: 'signed-in', own: "the caller's latest export (none, preparing, ready, expired)" },
  'POST /api/me/data-export': {
    who: 'signed-in',
    own: "a copy of the caller's own data (a second while one is prepared: 409)",
    mutates: true,
    allowed: 'guard-passed',
  },
  'GET /api/me/data-export/:id/download': {
    who: 'signed-in',
    own: "the caller's own export only; anyone else's is a 404 (the world has none here: 404)",
    params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    allowed: 'guard-passed',
  },
  'GET /unsubscribe': { who: 'signature', own: 'a signed per-user, per-kind token in the mail link' },
  'POST /unsubscribe': { who: 'signature', own: 'a signed per-user, per-kind token in the mail link', mutates: true },

  // Admin (the /api/admin guard; super-admin-only actions are checked inside)
  'GET /api/admin/me': { who: 'admins' },
  'GET /api/admin/stats': { who: 'admins' },
  'GET /api/admin/activity': { who: 'admins' },
  'GET /api/admin/vitals': { who: 'admins' },
  // Admin › System (decision 0064): any admin reads it, as the dashboard's figures.
  'GET /api/admin/system': { who: 'admins' },
  'GET /api/admin/audit': { who: 'admins' },
  'GET /api/admin/users': { who: 'admins' },
  'GET /api/admin/settings': { who: 'admins' },
  'PUT /api/admin/settings': {
    who: 'admins',
    allowed: 'guard-passed',
    mutates: true,
    body: (w) => w.settings,
  },
  'PATCH /api/admin/users/:userId': {
    who: 'admins',
    params: (w) => ({ userId: w.otherFanId }),
    mutates: true,
    allowed: 'guard-passed',
    body: () => ({ displayName: 'Renamed By Admin' }),
  },
  'GET /api/admin/users/:userId/account-deletion': { who: 'admins', params: (w) => ({ userId: w.otherFanId }) },
  // An unknown user (404): the matrix closes nobody; account-deletion.int.test.ts closes one.
  'POST /api/admin/users/:userId/account-deletion': {
    who: 'admins',
    params: () => ({ userId: '00000000-0000-4000-8000-000000000000' }),
    mutates: true,
    allowed: 'guard-passed',
  },
  'DELETE /api/admin/users/:userId/account-deletion': {
    who: 'admins',
    params: () => ({ userId: '00000000-0000-4000-8000-000000000000' }),
    mutates: true,
    allowed: 'guard-passed',
  },
  'POST /api/admin/users/:userId/make-creator': {
    who: 'super-admins',
    params: (w) => ({ userId: w.otherFanId }),
    mutates: true,
    allowed: 'guard-passed',
  },
  'PUT /api/admin/users/:userId/featured': {
    who: 'super-admins',
    params: (w) => ({ userId: w.creatorId }),
    mutates: true,
    allowed: 'guard-passed',
    body: () => ({ featured: true }),
  },

  // Admin operations (issue #12): messages, transactions, moderation
  'GET /api/admin/messages': { who: 'admins' },
  'GET /api/admin/transactions': { who: 'admins' },
  'GET /api/admin/transactions/export.csv': { who: 'admins' },
  'GET /api/admin/transactions/:paymentId': { who: 'admins', params: payment },
  'GET /api/admin/moderation': { who: 'admins' },
  'POST /api/admin/messages/:messageId/refund': {
    who: 'admins',
    own: 'any paid message (this one is answered, so refused on business grounds)',
    params: conversation,
    mutates: true,
    allowed: 'guard-passed',
  },
  'POST /api/admin/messages/:messageId/refund-answered': {
    who: 'admins',
    own: 'any answered paid message (an unknown one here, so the world’s earning is left alone: 404)',
    params: () => ({ messageId: '00000000-0000-4000-8000-000000000000' }),
    mutates: true,
    allowed: 'guard-passed',
    body: () => ({ reason: 'The reply did not answer the question.' }),
  },
  // Support inbox (issue #12): the public contact form and the admins' inbox
  'POST /api/support/messages': {
    who: 'anyone',
    own: 'a new contact message; limited per address, so later roles may get a 429',
    mutates: true,
    allowed: 'guard-passed',
    body: (_w, role) => ({
      name: 'Matrix',
      email: `matrix_${role}@example.test`,
      subject: 'Hello',
      message: 'A question.',
    }),
  },
  // Chargebacks (issue 37 gap 2, decision 0054): the transactions permission, as the money screens.
  'GET /api/admin/disputes': { who: 'admins' },
  'POST /api/admin/disputes/:id/evidence': {
    who: 'admins',
    own: 'any dispute (the world has none here, so 404)',
    params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    body: () => ({ text: 'The fan received the reply they paid for, on time.' }),
    mutates: true,
    allowed: 'guard-passed',
  },
  'GET /api/admin/stuck-jobs': { who: 'admins' },
  'POST /api/admin/stuck-jobs/:id/retry': {
    who: 'admins',
    own: 'any dead outbox row (the world has none here, so 404)',
    params: () => ({ id: '987654321' }),
    mutates: true,
    allowed: 'guard-passed',
  },
  'POST /api/admin/stuck-jobs/:id/drop': {
    who: 'admins',
    own: 'any dead outbox row (the world has none here, so 404)',
    params: () => ({ id: '987654321' }),
    mutates: true,
    allowed: 'guard-passed',
  },
  'GET /api/admin/support': { who: 'admins' },
  'POST /api/admin/support/:contactMessageId/handled': {
    who: 'admins',
    own: 'any contact message (the world has none here, so 404)',
    params: () => ({ contactMessageId: '00000000-0000-4000-8000-000000000000' }),
    mutates: true,
    allowed: 'guard-passed',
  },
  'POST /api/admin/moderation/:reportId/review': {
    who: 'admins',
    own: 'any report (the world has none here, so 404)',
    params: () => ({ reportId: '00000000-0000-4000-8000-000000000000' }),
    body: () => ({ decision: 'reject', notes: 'Checked.' }),
    mutates: true,
    allowed: 'guard-passed',
  },
};
