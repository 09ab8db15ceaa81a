// A reliability module of two tables (sender and receiver, DACK's initiator and target) takes its
// parameters per side, `params: { sender: {…}, receiver: {…} }`. A table's ParamError names the
// parameter as the table sees it (`profile`); under its side it is the scenario's
// `params.sender.profile`, which the build names in its error (scenario/build.ts guard).

import { ParamError } from "../../lib/core/params";

/** Builds one side's table; a ParamError it throws names its parameter under that side. */
export function onSide<T>(side: string, make: () => T): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof ParamError) throw new ParamError(e.message, `${side}.${e.param}`, e.unknown);
    throw e;
  }
}
