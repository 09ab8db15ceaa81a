// Helpers shared by the scenario tests.
import { ScenarioError } from "./load";

/** The errors of the ScenarioError `f` throws; none when it throws nothing. */
export function scenarioErrors(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof ScenarioError) return e.errors;
    throw e;
  }
  return [];
}
