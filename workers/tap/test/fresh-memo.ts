/**
 * Before each test file, after an earlier one in the same workerd (decision 0063): this tap
 * worker's memo forgets every slug and GTIN it may hold, as a newly started isolate would have none.
 * The shell's project reaches the tap's memo through its TAP_CONTROL binding instead.
 */
import { rememberedKeys } from "../../../tests/workers/state";
import { tapControl } from "./helpers";

tapControl().forget(await rememberedKeys());
