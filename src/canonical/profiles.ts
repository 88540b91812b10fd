// canonicalize()'s profiles (docs/canonical.md): the keys other crawlers make,
// reproduced exactly. Each profile lives in its own file and exports its
// options (one member of ProfileOptions, told apart by `profile`) and a
// factory on the ProfileContext (context.ts); this file only lists them.

import type { Profile, ProfileContext } from "./context.js";
import { crawleeProfile, type CrawleeOptions } from "./crawlee.js";
import { normalizeUrlProfile, type NormalizeUrlOptions } from "./normalize-url.js";
import { safeBrowsingApi, type SafeBrowsingOptions } from "./safe-browsing.js";
import { surtApi, type SurtProfileOptions } from "./surt.js";
import { w3libProfile, type W3libOptions } from "./w3lib.js";

/** canonicalize()'s options with a `profile`: that anchor's own options, under their own names. */
export type ProfileOptions =
  | NormalizeUrlOptions
  | CrawleeOptions
  | W3libOptions
  | SafeBrowsingOptions
  | SurtProfileOptions;

export type ProfileName = ProfileOptions["profile"];

type Profiles = { [N in ProfileName]: Profile<Extract<ProfileOptions, { profile: N }>> };

/** Each profile by its name, made on `context`. */
export function profilesApi(context: ProfileContext): Profiles {
  return {
    "normalize-url": normalizeUrlProfile(context),
    crawlee: crawleeProfile(context),
    w3lib: w3libProfile(context),
    "safe-browsing": safeBrowsingApi(context).canonical,
    surt: surtApi(context).canonical,
  };
}

/** The profiles of anchors that work on bytes: they also take a Uint8Array, as the bytes of the URL. */
export const BYTE_PROFILES: ReadonlySet<string> = new Set<ProfileName>(["safe-browsing", "surt"]);
