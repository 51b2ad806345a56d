// The mixed load's flow helpers (bench/mixed/mixed.yml; decision 0069), loaded by Artillery in its
// worker. The requests themselves are Artillery's (its HTTP engine keeps each virtual user's cookies);
// this file picks the accounts and targets, reads answers, and holds each signed-in user's live stream.
// Artillery has no engine for Server-Sent Events, so the stream is a plain HTTPS GET /api/events kept
// open for the user's whole session, as a browser's EventSource holds it, and closed when it ends.
import fs from 'node:fs';
import https from 'node:https';

/** Written by bench/mixed.bench.ts: the accounts, the cluster's address and certificate, the session. */
const seed = JSON.parse(fs.readFileSync(process.env.MIXLOAD_SEED ?? '', 'utf8'));
const ca = fs.readFileSync(seed.certificateFile, 'utf8');
const agent = new https.Agent({ ca, keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** When this worker's first user arrived: every session ends at the step's end, ramp plus hold. */
let firstArrival = 0;
/** Creator accounts are handed out in turn, so two creator users rarely answer from the same inbox. */
let nextCreator = 0;
/** The open streams, by virtual user. */
const streams = new Map();

export function startSession(context, _events, done) {
  const now = Date.now();
  if (!firstArrival) firstArrival = now;
  context.vars.endsAt = firstArrival + seed.rampMs + seed.holdMs;
  context.vars.origin = seed.publicUrl;
  context.vars.password = seed.password;
  done();
}

export function sessionGoesOn(context, next) {
  next(Date.now() < context.vars.endsAt);
}

export function pickVisit(context, _events, done) {
  context.vars.term = pick(seed.terms);
  context.vars.profile = pick(seed.profiles);
  context.vars.minPrice = pick([0, 500, 1000, 2000]);
  done();
}

export function pickFan(context, _events, done) {
  context.vars.email = pick(seed.fans);
  context.vars.role = 'fan';
  done();
}

export function pickCreatorAccount(context, _events, done) {
  const creator = seed.creators[nextCreator++ % seed.creators.length];
  context.vars.email = creator.email;
  context.vars.role = 'creator';
  done();
}

/**
 * The fan's next paid message: a follow-up to a creator who answered them (the conversation they just
 * read), else a first message to a creator picked at random.
 */
export function pickRecipient(context, _events, done) {
  // Most paid messages go to the popular few, who are the creators online (creator users take the
  // accounts in order from the first); the rest to anyone.
  const popular = seed.creators.slice(0, seed.popularCreators);
  context.vars.recipientId = context.vars.followUpTo ?? pick(Math.random() < 0.8 ? popular : seed.creators).id;
  context.vars.followUpTo = undefined;
  context.vars.messageContent = `Hello! A question from the mixed load, number ${Math.floor(Math.random() * 1e9)}.`;
  context.vars.payKey = `mixload-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  done();
}

/** The local checkout's pay page address ends with the payment id (as the cluster's tests read it). */
export function readPaymentId(context, events, done) {
  const url = String(context.vars.checkoutUrl ?? '');
  context.vars.paymentId = url.split('/').pop() || undefined;
  if (!context.vars.paymentId) events.emit('counter', 'mixload.no_payment_id', 1);
  done();
}

/** A fan reads a conversation the creator answered last (lastMessageFromMe false), if any. */
export function pickAnswered(context, _events, done) {
  const list = Array.isArray(context.vars.conversations) ? context.vars.conversations : [];
  const answered = list.filter((c) => !c.lastMessageFromMe);
  const chosen = answered.length > 0 ? pick(answered) : list.length > 0 ? pick(list) : undefined;
  context.vars.readId = chosen?.conversationId;
  context.vars.senderCanContinue = undefined;
  context.vars.readCreatorId = chosen && !chosen.lastMessageFromMe ? chosen.otherParty?.id : undefined;
  done();
}

/** After reading an answered conversation the fan may continue it with a paid follow-up message. */
export function maybeFollowUp(context, _events, done) {
  if (context.vars.senderCanContinue && context.vars.readCreatorId && Math.random() < 0.5) {
    context.vars.followUpTo = context.vars.readCreatorId;
  }
  done();
}

/** A creator opens a conversation that has messages waiting for an answer. */
export function pickWaiting(context, _events, done) {
  const list = Array.isArray(context.vars.conversations) ? context.vars.conversations : [];
  const waiting = list.filter((c) => c.pendingCount > 0);
  context.vars.waitingId = waiting.length > 0 ? pick(waiting).conversationId : undefined;
  // Captures persist across loop turns: a thread read in an earlier turn must not be answered again.
  context.vars.thread = undefined;
  context.vars.replyTo = undefined;
  done();
}

/** The oldest paid message in the thread that still waits for its answer. */
export function pickPendingMessage(context, _events, done) {
  const messages = Array.isArray(context.vars.thread) ? context.vars.thread : [];
  // A paid message is 'sent' once paid and until it is answered or ends ('pending' is before the pay).
  const pending = messages.find((m) => m.status === 'sent' && m.amount > 0 && !m.isFollowup);
  context.vars.replyTo = pending?.id;
  done();
}

/**
 * Opens GET /api/events with the session cookie Artillery's jar holds, from a loopback address of its
 * own: HAProxy passes the socket's address on, and the cluster admits 12 streams per address (a
 * household), so a crowd of users on one machine needs many addresses, as real users have.
 */
export function openStream(context, events, done) {
  const url = new URL('/api/events', seed.target);
  const cookie = context._jar?.getCookieStringSync(seed.target) ?? '';
  const started = performance.now();
  let settled = false;
  const finish = (error) => {
    if (settled) return;
    settled = true;
    if (error) events.emit('counter', 'sse.failed_to_open', 1);
    done();
  };
  const request = https.get(
    url,
    {
      agent,
      servername: 'localhost',
      localAddress: `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`,
      headers: { cookie, accept: 'text/event-stream' },
    },
    (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        finish(new Error(`stream ${response.statusCode}`));
        return;
      }
      events.emit('histogram', 'sse.open_ms', performance.now() - started);
      events.emit('counter', 'sse.opened', 1);
      const stream = { request, closing: false };
      streams.set(context._uid, stream);
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        const frames = chunk.split('\n\n').filter((frame) => frame.includes('data:'));
        if (frames.length > 0) events.emit('counter', `sse.events.${context.vars.role}`, frames.length);
      });
      response.on('close', () => {
        if (!stream.closing) events.emit('counter', 'sse.dropped', 1);
      });
      finish();
    },
  );
  request.on('error', (error) => {
    const stream = streams.get(context._uid);
    if (stream && !stream.closing) events.emit('counter', 'sse.dropped', 1);
    finish(error);
  });
}

export function closeStream(context, _events, done) {
  const stream = streams.get(context._uid);
  if (stream) {
    stream.closing = true;
    stream.request.destroy();
    streams.delete(context._uid);
  }
  done();
}
