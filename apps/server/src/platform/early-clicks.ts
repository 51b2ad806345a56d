import { createHash } from 'node:crypto';

/**
 * No dead clicks (issue 35 point 5). A server-rendered page (/, /creators, a profile; decision 0020)
 * shows its buttons before the code that handles them has run: on a slow phone a click in that gap
 * used to do nothing (2 of 5 on "Message @…" at 6× CPU). Links and forms with an action work without
 * the code. For everything else this script, inlined before the page's content, holds a click on a
 * control React has not hydrated yet (the element has no React fiber) and clicks it again once React
 * has: the click does what it says, a moment later. A choice made in a list box (`<select>`, Discover's
 * "Sort by") before hydration is held the same way: once React has the list box, the choice is set
 * again and announced with one change event, which React's onChange handles (the list box is
 * controlled: React's first render would otherwise write the server's value back and drop the
 * choice). The held change stops there, so React, if it is already hydrating, does not replay it as
 * well (two history entries); a newer choice React handles itself cancels a held one; a choice back to
 * the value the page came with is not replayed. A held control is marked `aria-busy` meanwhile.
 * A control still not hydrated after 20 s (the code failed to load) is let go; the page's own error
 * handling then applies.
 */
const SCRIPT = `(() => {
  const held = [];
  const chosen = new Map();
  const live = (el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'));
  const CONTROL = 'button, [role="button"], [role="tab"], [role="checkbox"], summary, label, input[type="checkbox"], input[type="radio"]';
  let waiting = false;
  const wait = () => {
    if (waiting) return;
    waiting = true;
    const started = Date.now();
    const tick = () => {
      for (let i = held.length - 1; i >= 0; i--) {
        const el = held[i];
        if (!el.isConnected || live(el)) {
          held.splice(i, 1);
          el.removeAttribute('aria-busy');
          if (!el.isConnected) continue;
          if (chosen.has(el)) {
            const value = chosen.get(el);
            chosen.delete(el);
            el.value = value;
            const option = el.selectedOptions[0];
            if (el.value === value && option && !option.defaultSelected) el.dispatchEvent(new Event('change', { bubbles: true }));
          } else el.click();
        }
      }
      if (held.length && Date.now() - started < 20000) requestAnimationFrame(tick);
      else {
        for (const el of held.splice(0)) el.removeAttribute('aria-busy');
        chosen.clear();
        waiting = false;
      }
    };
    requestAnimationFrame(tick);
  };
  const hold = (el) => {
    if (!held.includes(el)) {
      held.push(el);
      el.setAttribute('aria-busy', 'true');
    }
    wait();
  };
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest(CONTROL) : null;
    if (!target || live(target) || !target.closest('#root')) return;
    // A submit button of a form with an action works without the code: the browser submits it.
    if (target.matches('button[type="submit"], input[type="submit"]') && target.form?.hasAttribute('action')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(target);
  }, true);
  document.addEventListener('change', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLSelectElement) || !target.closest('#root')) return;
    if (live(target)) {
      if (chosen.delete(target)) {
        const i = held.indexOf(target);
        if (i >= 0) held.splice(i, 1);
        target.removeAttribute('aria-busy');
      }
      return;
    }
    event.stopImmediatePropagation();
    chosen.set(target, target.value);
    hold(target);
  }, true);
})();`;

/** The inline script that holds early clicks, as it goes into a server-rendered page. */
export const EARLY_CLICKS_SCRIPT_TAG = `<script>${SCRIPT}</script>`;

/** Its Content-Security-Policy source: the page's only inline script, allowed by its hash. */
export const EARLY_CLICKS_CSP_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
