import { type Form, int, mustFind, obj, onlyKnown, paramError, str } from './stand-in-checks';

type Obj = Record<string, unknown>;

/**
 * One page of a Stripe list, newest first: `created[gte|gt|lte|lt]` (unix seconds), `limit` (1–100,
 * default 10) and `starting_after` (an object id from the previous page) as Stripe's list endpoints take them.
 */
export function page(objects: Obj[], form: Form, url: string) {
  const limit = int(form, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw paramError('This value must be between 1 and 100.', 'limit');
  const created = obj(form, 'created') ?? {};
  onlyKnown(created, ['gte', 'gt', 'lte', 'lt'], 'created[');
  const bound = (name: string) => int(created, name, 'created[');
  const [gte, gt, lte, lt] = [bound('gte'), bound('gt'), bound('lte'), bound('lt')];
  let list = objects
    .filter((o) => {
      const at = o.created as number;
      return (
        (gte === undefined || at >= gte) &&
        (gt === undefined || at > gt) &&
        (lte === undefined || at <= lte) &&
        (lt === undefined || at < lt)
      );
    })
    .reverse();
  const after = str(form, 'starting_after');
  if (after) {
    const index = list.findIndex((o) => o.id === after);
    if (index < 0) mustFind(new Map(), after, 'object');
    list = list.slice(index + 1);
  }
  return { object: 'list', url, has_more: list.length > limit, data: list.slice(0, limit) };
}
