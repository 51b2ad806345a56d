import { paramError } from './stand-in-checks';

type Obj = Record<string, unknown>;
type Store = Map<string, Obj>;

/** Stripe expands at most four levels deep (`a.b.c.d`). */
const MAX_DEPTH = 4;

/**
 * Stripe's `expand[]` on an answer: each dotted path names an id field whose object replaces it,
 * level by level (`latest_charge.balance_transaction`). A copy is expanded; the stored objects keep
 * their ids. Ids are found by their prefix in the stand-in's stores (a checkout session by `session`);
 * a path through a field that names nothing is refused, as Stripe refuses it.
 */
export function expandAnswer(
  answer: object,
  paths: string[],
  stores: { pi: Store; ch: Store; re: Store; txn: Store; transfers: Store; accounts: Store; payouts: Store },
  session: (id: string) => Obj | undefined,
): object {
  const byPrefix: Record<string, Store> = {
    ...stores,
    tr: stores.transfers,
    acct: stores.accounts,
    po: stores.payouts,
  };
  const find = (id: string) => {
    const found = byPrefix[id.split('_')[0] ?? '']?.get(id) ?? session(id);
    if (!found) return undefined;
    // The stand-in notes a connected account's objects' `account`; Stripe's objects do not carry it.
    const { account: _account, ...shown } = found;
    return found.object === 'account' ? found : shown;
  };
  const copy = structuredClone(answer) as Obj;
  for (const path of paths) {
    const parts = path.split('.');
    if (parts.length > MAX_DEPTH) throw paramError(`You cannot expand more than ${MAX_DEPTH} levels of a property.`);
    expandAt(copy, parts, path, find);
  }
  return copy;
}

function expandAt(node: Obj, [head = '', ...rest]: string[], path: string, find: (id: string) => Obj | undefined) {
  const value = node[head];
  if (value === null) return;
  let expanded = value;
  if (typeof value === 'string') {
    const found = find(value);
    if (!found) throw paramError(`This property cannot be expanded (${path}).`, 'expand');
    expanded = structuredClone(found);
    node[head] = expanded;
  }
  if (typeof expanded !== 'object' || expanded === undefined) {
    throw paramError(`This property cannot be expanded (${path}).`, 'expand');
  }
  if (rest.length > 0) expandAt(expanded as Obj, rest, path, find);
}
