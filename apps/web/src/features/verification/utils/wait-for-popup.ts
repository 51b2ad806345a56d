import { VERIFICATION_MESSAGES } from '@fanline/contracts';
import { isThreadsVerificationMessage, type TThreadsVerificationMessage } from '../api/verification';

/** spec §9: the popup's closed state is polled every second. */
export const POPUP_POLL_MS = 1000;

/**
 * Resolves with the callback window's message (same origin only) or rejects with 'Verification
 * cancelled by user' once the popup is closed without one. `signal` stops listening.
 */
export function waitForPopup(popup: Window, signal: AbortSignal): Promise<TThreadsVerificationMessage> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      signal.removeEventListener('abort', onAbort);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isThreadsVerificationMessage(event.data)) return;
      stop();
      resolve(event.data);
    };
    const onAbort = () => {
      stop();
      reject(new DOMException('Verification abandoned', 'AbortError'));
    };
    const poll = setInterval(() => {
      if (!popup.closed) return;
      stop();
      reject(new Error(VERIFICATION_MESSAGES.cancelled));
    }, POPUP_POLL_MS);
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
  });
}

export const POPUP_NAME = 'threads-verification';

/** A centred 600×720 window; opened from the click itself so popup blockers let it through. */
export function openVerificationPopup(): Window | null {
  const width = 600;
  const height = 720;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  const popup = window.open('', POPUP_NAME, `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
  if (popup) {
    try {
      popup.document.title = 'Threads verification';
      popup.document.body.style.font = '16px system-ui, sans-serif';
      popup.document.body.textContent = 'Connecting to Threads…';
    } catch {
      // A reused window may already show another origin; it is navigated next anyway.
    }
  }
  return popup;
}
