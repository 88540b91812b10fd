// canonicalize()'s profiles (docs/canonical.md): the keys other crawlers make,
// reproduced exactly. Each profile lives in its own file and exports its
// options (one member of ProfileOptions, told apart by `profile`) and a
// factory on the ProfileContext (context.ts); this file only lists them.

import type { Profile, ProfileContext } from "./context.js";
import { crawleeProfile, type CrawleeOptions } from "./crawlee.js";
import { normalizeUrlProfile, type NormalizeUrlOptions } from "./normalize-url.js";

/** canonicalize()'s options with a `profile`: that anchor's own options, under their own names. */
export type ProfileOptions = NormalizeUrlOptions | CrawleeOptions;

export type ProfileName = ProfileOptions["profile"];

type Profiles = { [N in ProfileName]: Profile<Extract<ProfileOptions, { profile: N }>> };

/** Each profile by its name, made on `context`. */
export function profilesApi(context: ProfileContext): Profiles {
  return {
    "normalize-url": normalizeUrlProfile(context),
    crawlee: crawleeProfile(context),
  };
}
