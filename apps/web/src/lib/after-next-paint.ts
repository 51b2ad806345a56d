/**
 * Runs `work` once the browser has painted the current frame. An input's visible answer (a switch
 * flipping) goes first, and the heavy render it sets off (a new list) after, so the input's next paint
 * does not wait for it (Interaction to Next Paint, decision 0037).
 */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => {
    setTimeout(work, 0);
  });
}
