// One kernel instance of the API (src/api/bindings.ts): its arena, and a slot
// for each part made from it, filled by the first call that needs the part.

import type { Arena } from "../kernel/arena.js";
import type { splitApi } from "../rfc3986/split.js";
import type { percentApi } from "../whatwg/percent.js";
import type { ParseApi } from "../whatwg/parse.js";
import type { rfc1738Api } from "../rfc1738/index.js";
import type { extractApi } from "../rfc3987/extract.js";
import type { canonicalApi } from "../canonical/index.js";
import type { batchApi } from "../bulk/batch.js";
import type { tallyApi } from "../bulk/tally.js";
import type { Setters } from "../whatwg/setters.js";
import type { UrlCore } from "../whatwg/url-class.js";
import type { URLPattern } from "../urlpattern/url-pattern.js";
import type { SearchParamsConstructor } from "../whatwg/search-params.js";

/** One kernel instance of the API: its arena and the parts made from it so far (newInstance()). */
export interface Instance {
  /** The arena (backend and memory): made by the first call for the default entry, at once for createSwurl(). */
  readonly arena: () => Arena;
  /**
   * Whether its bindings are the parts' own functions (createSwurl(), swurl/js:
   * the arena is made already), not functions that make the part on first call.
   */
  readonly eager: boolean;
  whatwg: ParseApi | undefined;
  setters: Setters | undefined;
  urlCore: UrlCore | undefined;
  searchParams: SearchParamsConstructor | undefined;
  pattern: typeof URLPattern | undefined;
  split: ReturnType<typeof splitApi> | undefined;
  percent: ReturnType<typeof percentApi> | undefined;
  rfc1738: ReturnType<typeof rfc1738Api> | undefined;
  extract: ReturnType<typeof extractApi> | undefined;
  bulk: ReturnType<typeof batchApi> | undefined;
  tally: ReturnType<typeof tallyApi> | undefined;
  canonical: ReturnType<typeof canonicalApi> | undefined;
}

/** An instance on the arena `arena()` gives, with no part made yet (every slot present: one object shape for all). */
export function newInstance(arena: () => Arena, eager: boolean): Instance {
  return {
    arena,
    eager,
    whatwg: undefined,
    setters: undefined,
    urlCore: undefined,
    searchParams: undefined,
    pattern: undefined,
    split: undefined,
    percent: undefined,
    rfc1738: undefined,
    extract: undefined,
    bulk: undefined,
    tally: undefined,
    canonical: undefined,
  };
}
