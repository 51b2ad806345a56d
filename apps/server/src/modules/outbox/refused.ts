/**
 * A claimed row the runner refuses (decision 0039): an unknown kind, or a payload its kind's schema
 * does not accept. Retrying cannot help, so the row goes dead at once with this message as its error
 * (which names the kind and the failing fields, never their values).
 */
export class EffectRefused extends Error {
  override readonly name = 'EffectRefused';
}
