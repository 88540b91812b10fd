// The names of the URL API's string getters: public (the columns a program
// prints of a URL), so kept apart from the record's layout, whose types are
// the kernel's.

/** The string getters of the URL API (#urlutils-members), in the standard's order: the one list of their names. */
export const URL_GETTERS = [
  "href",
  "origin",
  "protocol",
  "username",
  "password",
  "host",
  "hostname",
  "port",
  "pathname",
  "search",
  "hash",
] as const;
export type UrlGetter = (typeof URL_GETTERS)[number];
