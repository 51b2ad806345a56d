// The words of the one check every request text carries (common.ts safeText). A leaf of its own, re-exported
// by copy.ts: common.ts is imported by nearly every contract, and importing copy.ts from it made loops.
export const TEXT_MESSAGES = {
  invalidCharacters: 'This contains characters that are not allowed.',
} as const;
