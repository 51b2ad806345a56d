import type { TPushPublicKey, TPushSubscribeRequest } from '@fanline/contracts';
import { useCallback, useEffect, useState } from 'react';
import { api } from './api-client';

/**
 * Web Push in this browser (issue 26, decision 0031): whether it can work here, and subscribing or
 * unsubscribing this browser at the server. The service worker is registered by main.tsx once the page
 * has loaded; subscribing waits for it.
 *
 * - unsupported: no service worker / Push API / Notification here (older browsers; iOS outside a home-screen app)
 * - denied: the person blocked notifications for this site; only the browser's site settings undo that
 * - unavailable: this server sends no pushes (no VAPID keys)
 * - off / on: this browser is not / is subscribed
 */
export type PushStatus = 'checking' | 'unsupported' | 'denied' | 'unavailable' | 'off' | 'on';

/** Why push cannot be switched on, in words a person can act on. */
export const PUSH_STATUS_COPY: Partial<Record<PushStatus, string>> = {
  unsupported:
    'This browser cannot show push notifications. On iPhone and iPad, add Fanline to your Home Screen first; elsewhere, try a current Chrome, Edge, Firefox or Safari.',
  denied:
    'Notifications are blocked for Fanline in this browser. Allow them in the site settings (the icon next to the address), then try again.',
  unavailable: 'Push notifications are not available on this Fanline server.',
};

export class PushError extends Error {
  override name = 'PushError';
  constructor(
    readonly status: PushStatus | 'failed',
    message: string,
  ) {
    super(message);
  }
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

async function thisBrowsersSubscription(): Promise<PushSubscription | null> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ? existing.pushManager.getSubscription() : null;
}

let publicKey: Promise<string | null> | undefined;
function serverKey(): Promise<string | null> {
  publicKey ??= api<TPushPublicKey>('/push/public-key').then(
    (answer) => answer.publicKey,
    (error) => {
      publicKey = undefined;
      throw error;
    },
  );
  return publicKey;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Where push stands in this browser for the signed-in person. */
export async function pushStatus(): Promise<PushStatus> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (!(await serverKey())) return 'unavailable';
  return (await thisBrowsersSubscription()) && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks for permission (a click must have led here), subscribes this browser and tells the server. */
export async function enablePush(): Promise<void> {
  if (!pushSupported()) throw new PushError('unsupported', PUSH_STATUS_COPY.unsupported ?? '');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushError(
      permission === 'denied' ? 'denied' : 'off',
      permission === 'denied' ? (PUSH_STATUS_COPY.denied ?? '') : 'Notifications were not allowed. You can try again.',
    );
  }
  const key = await serverKey();
  if (!key) throw new PushError('unavailable', PUSH_STATUS_COPY.unavailable ?? '');
  const worker = await registration();
  let subscription = await worker.pushManager.getSubscription();
  if (!subscription) {
    subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  }
  await api<void>('/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON() as TPushSubscribeRequest,
  });
}

/** Unsubscribes this browser here and at the server (other browsers of the account are not touched). */
export async function disablePush(): Promise<void> {
  const subscription = pushSupported() ? await thisBrowsersSubscription() : null;
  if (!subscription) return;
  await api<void>('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/**
 * Signing out (everywhere, which also forgets every browser at the server): this browser's own
 * subscription goes too, so the next person signed in here is asked afresh. Never throws.
 */
export async function forgetThisBrowser(): Promise<void> {
  try {
    const subscription = pushSupported() ? await thisBrowsersSubscription() : null;
    await subscription?.unsubscribe();
  } catch {
    // Nothing to undo: the server has forgotten it anyway.
  }
}

/** The status for a component, with a way to check again after a change. */
export function usePushStatus(): { status: PushStatus; refresh: () => void } {
  const [status, setStatus] = useState<PushStatus>('checking');
  const refresh = useCallback(() => {
    pushStatus().then(setStatus, () => setStatus('unavailable'));
  }, []);
  useEffect(refresh, [refresh]);
  return { status, refresh };
}

const DISMISSED = 'fanline:push-offer-dismissed';

/** The opt-in offer, once dismissed, stays away in this browser. */
export const pushOfferDismissed = () => {
  try {
    return localStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
};

export const dismissPushOffer = () => {
  try {
    localStorage.setItem(DISMISSED, '1');
  } catch {
    // Private mode without storage: the offer may come back next time.
  }
};
