/**
 * The id of the `<script type="application/json">` in which the server sends the query cache it
 * rendered a page from (decision 0020). JSON, not a script: the CSP allows no inline scripts, and the
 * browser never executes it.
 */
export const PAGE_STATE_ID = 'fanline-state';
