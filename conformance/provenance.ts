// What every vector's `source` and `derivation` must say (DESIGN.md "Conformance vectors"): shared
// by the handler vectors (engine.ts) and the frame vectors (frames.ts). Pure ECMAScript.

/** Non-space text in a `derivation`: a blank string or list shows no arithmetic. */
export function hasText(derivation: string | string[] | undefined): boolean {
  if (derivation === undefined) return false;
  return /\S/.test(typeof derivation === "string" ? derivation : derivation.join(""));
}

/** The marker a recorded vector's `source` carries (README "Hand-derived or recorded"). */
const RECORDED = "(recorded)";
/** What a hand-derived vector's `source` says (DESIGN.md: "says so in `source`"). */
const HAND_DERIVED = /hand-derived/i;

/**
 * DESIGN.md "Conformance vectors": a hand-derived vector says so in `source` and shows its
 * arithmetic in `derivation`; one recorded from this code is no evidence and must say so, with
 * the literal marker, not a word that happens to appear in a sentence.
 */
export function provenanceFailures(source: string, derivation: string | string[] | undefined): string[] {
  const out: string[] = [];
  const recorded = source.indexOf(RECORDED) >= 0;
  const handSaid = HAND_DERIVED.test(source);
  if (hasText(derivation)) {
    if (!handSaid) out.push('a vector with a derivation must say "hand-derived" in source');
    if (recorded) out.push(`source says ${RECORDED} but the vector carries a derivation`);
  } else {
    if (!recorded) out.push(`no derivation with text: a vector without one must say "${RECORDED}" in source`);
    if (handSaid) out.push("source says hand-derived but the vector has no derivation with text");
  }
  return out;
}
