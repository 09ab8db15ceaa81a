// Arithmetic in the finite field GF(q), q = p^n a prime power, for the Slim Fly MMS construction
// (Besta and Hoefler, SC'14, §II-B; McKay, Miller and Širáň 1998). Construction time only.
//
// Representation (the numbering every Slim Fly switch id is built from): an element is the
// integer whose base-p digits are the coefficients of a polynomial of degree < n over GF(p),
// least significant digit = constant term. For n = 1 this is the usual 0..p−1.
//
// The field is GF(p)[x] / f(x) with f the first monic primitive polynomial of degree n in
// increasing order of its lower coefficients read as a base-p integer; the primitive element ξ is
// then the class of x (the integer p). For n = 1, ξ is the smallest primitive root modulo p.
// Both choices are deterministic, so two builds of the same q produce the same field tables.

export class GaloisField {
  readonly q: number;
  readonly p: number;
  readonly n: number;
  /** The primitive element ξ used by the generator sets. */
  readonly xi: number;
  /** add[a × q + b] = a + b. */
  readonly addTable: Uint16Array;
  /** mul[a × q + b] = a × b. */
  readonly mulTable: Uint16Array;
  /** neg[a] = −a. */
  readonly negTable: Uint16Array;
  /** pow[i] = ξ^i for i in [0, q − 1). */
  readonly powTable: Uint16Array;

  /** @throws RangeError unless q is a prime power in [2, 65535]. */
  constructor(q: number) {
    const pn = primePower(q);
    if (!pn) throw new RangeError(`GF(q): ${q} is not a prime power in [2, 65535]`);
    this.q = q;
    this.p = pn[0];
    this.n = pn[1];
    this.addTable = new Uint16Array(q * q);
    this.mulTable = new Uint16Array(q * q);
    this.negTable = new Uint16Array(q);
    this.powTable = new Uint16Array(q - 1);
    for (let a = 0; a < q; a++) {
      for (let b = 0; b < q; b++) this.addTable[a * q + b] = this.digitwise(a, b, 1);
      this.negTable[a] = this.digitwise(0, a, -1);
    }
    const found = this.n === 1 ? this.primeField() : this.extensionField();
    this.xi = found;
  }

  add(a: number, b: number): number {
    return this.addTable[a * this.q + b];
  }

  sub(a: number, b: number): number {
    return this.addTable[a * this.q + this.negTable[b]];
  }

  mul(a: number, b: number): number {
    return this.mulTable[a * this.q + b];
  }

  /** ξ^i for any integer i ≥ 0. */
  pow(i: number): number {
    return this.powTable[i % (this.q - 1)];
  }

  /** a + sign × b digit by digit modulo p. */
  private digitwise(a: number, b: number, sign: number): number {
    let r = 0;
    let scale = 1;
    for (let d = 0; d < this.n; d++) {
      const da = Math.floor(a / scale) % this.p;
      const db = Math.floor(b / scale) % this.p;
      r += (((da + sign * db) % this.p) + this.p) % this.p * scale;
      scale *= this.p;
    }
    return r;
  }

  /** GF(p): multiplication modulo p; ξ is the smallest primitive root. */
  private primeField(): number {
    const p = this.p;
    for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) this.mulTable[a * p + b] = (a * b) % p;
    for (let g = 1; g < p; g++) {
      if (this.fillPowers(g)) return g;
    }
    /* c8 ignore next -- every prime has a primitive root */
    throw new RangeError(`GF(${p}): no primitive root`);
  }

  /** GF(p^n): search monic f of degree n until x is primitive modulo f, then multiply via logs. */
  private extensionField(): number {
    const { p, q } = this;
    for (let low = 0; low < q; low++) {
      // f(x) = x^n + Σ c_i x^i with (c_0 … c_{n−1}) the base-p digits of `low`; x^n ≡ −Σ c_i x^i.
      const reduce = this.digitwise(0, low, -1);
      if (reduce === 0) continue; // f = x^n; any other reducible f fails the order test below
      const times = (a: number): number => {
        // a × x modulo f: shift the digits up one place, fold the overflow digit back in.
        const top = Math.floor(a / (q / p));
        const shifted = (a % (q / p)) * p;
        let r = shifted;
        for (let k = 0; k < top; k++) r = this.addTable[r * q + reduce];
        return r;
      };
      const pw = this.powTable;
      let e = 1;
      let ok = true;
      for (let i = 0; i < q - 1; i++) {
        if (i > 0 && e === 1) {
          ok = false;
          break;
        }
        pw[i] = e;
        e = times(e);
      }
      if (!ok || e !== 1) continue;
      // x has order q − 1: f is primitive and ξ = x is the integer p.
      const log = new Int32Array(q).fill(-1);
      for (let i = 0; i < q - 1; i++) log[pw[i]] = i;
      for (let a = 0; a < q; a++) {
        for (let b = 0; b < q; b++) {
          this.mulTable[a * q + b] = a === 0 || b === 0 ? 0 : pw[(log[a] + log[b]) % (q - 1)];
        }
      }
      return p;
    }
    throw new RangeError(`GF(${q}): no primitive polynomial found`); // unreachable
  }

  /** Fills powTable from g; false if g's order is below q − 1. */
  private fillPowers(g: number): boolean {
    let e = 1;
    for (let i = 0; i < this.q - 1; i++) {
      if (i > 0 && e === 1) return false;
      this.powTable[i] = e;
      e = this.mulTable[e * this.q + g];
    }
    return e === 1;
  }
}

/** [p, n] with q = p^n, or null. */
export function primePower(q: number): [number, number] | null {
  /* c8 ignore next -- construction-time validation: a vector cannot expect a throw at construction (unit tests do) */
  if (!(Number.isInteger(q) && q >= 2 && q <= 65535)) return null;
  let p = 2;
  while (p * p <= q && q % p !== 0) p++;
  if (q % p !== 0) p = q;
  let n = 0;
  let r = q;
  while (r % p === 0) {
    r /= p;
    n++;
  }
  /* c8 ignore next -- construction-time validation: a vector cannot expect a throw at construction (unit tests do) */
  return r === 1 ? [p, n] : null;
}
