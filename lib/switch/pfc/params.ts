// PfcShared's parameters (shared.ts): Pfc's, less the static thresholds, plus the shared buffer's.
import { ParamError, checkParamNames, mergeResolved, resolveParams, rule } from "../../core/params";
import { type PfcCommonParams, type PfcParamsInput, resolvePfcParams } from "./pfc";

export type PfcPoolRule = "dynamic" | "complete";

export interface PfcSharedOwnParams {
  /** Shared buffers in the table (one per switch); a queue joins one with setPool. */
  pools: number;
  /** Each buffer's size: the queues' reserves and headrooms come out of it, the rest is shared. HPCC: 32 MB. */
  poolBytes: number;
  /** dynamic: pause at α × the free shared space; complete: pause only when the shared part is full. */
  poolRule: PfcPoolRule;
  /** α = 2^poolAlphaLog2, an integer in [−8, 8]; HPCC shifts by 3 (α = 1/8). */
  poolAlphaLog2: number;
  /** Bytes each queue may hold before it draws on the shared part. HPCC: 4 KB. */
  reserveBytes: number;
  /** Resume when the queue's shared use is this far below the threshold. HPCC: 3 KB. */
  resumeOffsetBytes: number;
}

/** xoffBytes and xonBytes have no place here: the threshold moves with the buffer. */
export type PfcSharedParams = PfcCommonParams & PfcSharedOwnParams;
export type PfcSharedParamsInput = Partial<PfcSharedParams>;

const OWN: readonly (keyof PfcSharedOwnParams)[] = ["pools", "poolBytes", "poolRule", "poolAlphaLog2", "reserveBytes", "resumeOffsetBytes"];
/** Pfc's parameters that PfcShared takes too (the type makes the list complete). */
const COMMON_KEYS: { readonly [K in keyof PfcCommonParams]-?: true } = {
  linkGbps: true, mtuBytes: true, cableNs: true, headroomBytes: true, pauseQuanta: true, refreshNs: true,
};
const NAMES: readonly string[] = Object.freeze([...OWN, ...Object.keys(COMMON_KEYS)]);

/** @throws RangeError for an unknown name, xoffBytes or xonBytes, or a value out of range. */
export function resolvePfcSharedParams(input: PfcSharedParamsInput = {}): PfcSharedParams {
  const given = input as { [name: string]: unknown };
  const own: { [name: string]: unknown } = {};
  const rest: { [name: string]: unknown } = {};
  for (const k of Object.keys(given)) {
    if (k === "xoffBytes" || k === "xonBytes") throw new ParamError(`PfcShared: ${k} is not a parameter here: the XOFF threshold follows the shared buffer (poolRule, poolAlphaLog2) and XON is resumeOffsetBytes below it`, k);
    ((OWN as readonly string[]).includes(k) ? own : rest)[k] = given[k];
  }
  // Names and errors are PfcShared's own: an unknown name lists its parameters, not Pfc's.
  checkParamNames("PfcShared", given, NAMES);
  const full = resolvePfcParams(rest as PfcParamsInput, "PfcShared");
  const { xoffBytes: _x, xonBytes: _y, ...pfc } = full;
  const mine = resolveParams<PfcSharedOwnParams>(
    "PfcShared",
    { pools: 1, poolBytes: 32 * 2 ** 20, poolRule: "dynamic", poolAlphaLog2: -3, reserveBytes: 4096, resumeOffsetBytes: 3072 },
    own as Partial<PfcSharedOwnParams>,
    {
      pools: rule.int(1, 2 ** 20),
      // At most 2^30: a queue holds at most its buffer, and its bytes are an int32 column.
      poolBytes: rule.int(1, 2 ** 30),
      poolRule: rule.oneOf("dynamic", "complete"),
      poolAlphaLog2: rule.int(-8, 8),
      reserveBytes: rule.int(0, 2 ** 29),
      resumeOffsetBytes: rule.int(0, 2 ** 29),
    },
  );
  return mergeResolved({ ...pfc, ...mine }, full, mine);
}
