// The pure-JS build of every kernel module: the kernel's source compiled to
// JavaScript (js-backend.ts runs it). swurl/js imports these alone; the other
// entries have them among the fallback builds (fallback-builds.ts).
import * as jsCore from "swurl-kernel-js/js.ts";
import { bulkJs, canonicalJs, rfc1738Js, urlpatternJs } from "../generated/kernel-js.js";
import type { JsBuilds } from "./backend.js";

export const JS_BUILDS: JsBuilds = {
  jsCore,
  js: { bulk: bulkJs, canonical: canonicalJs, rfc1738: rfc1738Js, urlpattern: urlpatternJs },
};
