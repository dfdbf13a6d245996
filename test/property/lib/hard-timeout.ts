/**
 * Runs a synchronous function with a hard time limit. `vm`'s timeout terminates running JS in the
 * whole isolate (functions of this realm included), so an exponential or endless decode/encode
 * ends as a failure of the property instead of holding CI or the fuzzer forever.
 */
import * as vm from "node:vm";

const context = vm.createContext({ __run: undefined as undefined | (() => unknown) });
const script = new vm.Script("__run()");

export class HardTimeout extends Error {
  override name = "HardTimeout";
}

export function withHardTimeout<T>(fn: () => T, ms: number): T {
  (context as { __run?: () => unknown }).__run = fn;
  try {
    return script.runInContext(context, { timeout: ms }) as T;
  } catch (e) {
    if ((e as { code?: string })?.code === "ERR_SCRIPT_EXECUTION_TIMEOUT")
      throw new HardTimeout(`did not finish within ${ms} ms`);
    throw e;
  } finally {
    (context as { __run?: () => unknown }).__run = undefined;
  }
}
