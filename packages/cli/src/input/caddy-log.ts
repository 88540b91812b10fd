// Caddy's access log (the http.log.access logger, JSON one object a line):
// its fields by their key paths ("request.remote_ip", "status") and by the
// common names, from the keys Caddy documents: ts (Unix seconds), request
// {client_ip, remote_ip, proto, method, host, uri, headers, tls}, user_id,
// duration (seconds), size, status.

import { jsonPath } from "./log-fields.js";
import { hash } from "../byte-hash.js";
import { asQuoted, type LineFields, type QuotedSink } from "./line-fields.js";
import type { CommonName, ProgramField } from "./log-program.js";

type Json = Record<string, unknown>;

const encoder = new TextEncoder();

/** The common names, each a key path of the object (headers are read by headerOf()). */
const CADDY: Partial<Record<CommonName, ProgramField>> = {
  client: { name: "request.client_ip", kind: "text", escaped: false },
  user: { name: "user_id", kind: "text", escaped: false },
  time: { name: "ts", kind: "decimal", time: "epoch", escaped: false },
  method: { name: "request.method", kind: "text", escaped: false },
  target: { name: "request.uri", kind: "text", escaped: false },
  version: { name: "request.proto", kind: "text", escaped: false },
  status: { name: "status", kind: "integer", escaped: false },
  bytes: { name: "size", kind: "integer", escaped: false },
  vhost: { name: "request.host", kind: "text", escaped: false },
  duration: { name: "duration", kind: "decimal", unit: 1, escaped: false },
};

/** The request headers with a common name. */
const HEADERS: Partial<Record<CommonName, string>> = { referer: "Referer", agent: "User-Agent" };

/** The integer fields, by common name and key path. */
export const CADDY_INTEGERS = new Set(["status", "bytes", "size", "bytes_read"]);

/** The decimal fields (Unix seconds, seconds), by common name and key path. */
export const CADDY_DECIMALS = new Set(
  Object.entries(CADDY).flatMap(([common, field]) => (field.kind === "decimal" ? [common, field.name] : [])),
);

/** The key path of the time of the request. */
export const CADDY_TIME = (CADDY.time as ProgramField).name;

/** The names Caddy's lines answer to besides key paths. */
export const CADDY_NAMES = [...Object.keys(CADDY), ...Object.keys(HEADERS), "request"];

/** A line of Caddy's log: null where it is not a JSON object with a request. */
export function caddyLine(text: string): LineFields | null {
  let object: unknown;
  try {
    object = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof object !== "object" || object === null || typeof (object as Json).request !== "object") return null;
  return new CaddyLine(object as Json);
}

class CaddyLine implements LineFields {
  private readonly request_: Json;
  constructor(private readonly object: Json) {
    this.request_ = (object.request ?? {}) as Json;
  }

  /** The first value of request header `name` (Caddy logs each header as a list). */
  private header(name: string): string | null {
    const values = ((this.request_.headers ?? {}) as Json)[name];
    return Array.isArray(values) && typeof values[0] === "string" ? values[0] : null;
  }

  def(common: CommonName): ProgramField | undefined {
    return CADDY[common];
  }

  field(name: string): string | null {
    const header = HEADERS[name as CommonName];
    if (header !== undefined) return this.header(header);
    if (name === "client")
      return jsonPath(this.object, "request.client_ip") ?? jsonPath(this.object, "request.remote_ip");
    if (name === "request") {
      const method = this.field("method");
      const target = this.field("target");
      return method === null || target === null ? null : `${method} ${target} ${this.field("version") ?? ""}`.trim();
    }
    const v = jsonPath(this.object, CADDY[name as CommonName]?.name ?? name);
    return v === "" ? null : v;
  }

  writeQuoted(referer: boolean, out: QuotedSink): boolean {
    let text: string | null;
    if (referer) text = this.header("Referer");
    else {
      const target = this.field("target");
      text = target === null ? null : `${this.field("method") ?? "GET"} ${target} HTTP/1.1`;
    }
    if (text === null) return false;
    out.text(asQuoted(text));
    return true;
  }

  /** What origin() is made of: the host, and whether the request came over TLS. */
  private originParts(): string {
    return `${typeof this.request_.tls === "object" ? "s" : ""} ${this.field("vhost")}`;
  }

  originHash(): number {
    const parts = encoder.encode(this.originParts());
    return hash(parts, 0, parts.length);
  }

  sameOrigin(other: LineFields): boolean {
    return other instanceof CaddyLine && other.originParts() === this.originParts();
  }

  origin(scheme: string | undefined): string | null {
    const host = this.field("vhost");
    if (host === null) return null;
    // Caddy logs a request's TLS connection state: then it came over https.
    return `${typeof this.request_.tls === "object" ? "https" : (scheme ?? "http")}://${host}`;
  }
}
