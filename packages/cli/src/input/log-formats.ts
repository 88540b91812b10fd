// The access-log formats `--input` names (those GoAccess reads), each written
// here from its vendor's documentation of its fields, with the vendor's
// field names:
//   vcombined, vcommon  Apache's vhost_combined ("%v:%p %h ...", Debian's
//                       apache2.conf) and vhost_common (mod_log_config);
//   w3c                 W3C Extended Log File Format (IIS): the fields are
//                       those of the last "#Fields:" directive, separated
//                       by spaces; IIS's default fields before any;
//   cloudfront          Amazon CloudFront standard logs: W3C fields
//                       separated by tabs, the 33 documented by default;
//   cloudstorage        Google Cloud Storage usage logs (CSV, every value
//                       quoted, a header line);
//   awselb, awsalb      Elastic Load Balancing: Classic and Application
//                       Load Balancer access-log entries;
//   awss3               Amazon S3 server access logs;
//   squid               Squid's native access.log (columns padded with spaces);
//   traefikclf          Traefik's Common Log Format;
//   caddy               Caddy's JSON access log (caddy-log.ts).

import {
  compileLogFormat,
  compilePieces,
  integer,
  integerDuration,
  type Meaning,
  seconds,
  text,
  time,
  vendorField,
} from "./log-format.js";
import type { CommonName, LogProgram, ProgramField } from "./log-program.js";

export const LOG_FORMATS = [
  "vcombined",
  "vcommon",
  "w3c",
  "cloudfront",
  "cloudstorage",
  "awselb",
  "awsalb",
  "awss3",
  "squid",
  "traefikclf",
  "caddy",
] as const;
export type LogFormatName = (typeof LOG_FORMATS)[number];

export interface ProgramFormat {
  /** The program of a line (w3c and cloudfront: until a "#Fields:" directive). */
  program: LogProgram;
  /** W3C: a "#Fields:" directive redefines the fields, separated by `separator`. */
  directives?: { separator: string; vocabulary: Record<string, Meaning>; urlEncoded?: boolean };
  /** A line that starts with this is the file's header, not a record. */
  header?: string;
  /** The scheme of a request whose line does not say it. */
  scheme?: string;
}

/**
 * A W3C text field that IIS writes with "+" for each space, as its logs show
 * a User-Agent ("Mozilla/5.0+(Windows+NT+10.0)"): the fields are separated
 * by spaces, so HTTP.sys, which writes the log, writes a space (a tab, a
 * control character) inside a field as "+" (Microsoft documents this for
 * the HTTP Server API's logs). The user name and the User-Agent header are
 * text of words; the URL fields (cs-uri-stem, cs-uri-query, cs(Referer))
 * and cs(Cookie), whose "+" is often their own (a query's, base64's), keep
 * "+" as written.
 */
const plusSpaced = (common: CommonName): Meaning => ({ common, kind: "text", plusSpaces: true });

/** The W3C Extended Log File Format's field identifiers (and IIS's) that have a common name. */
const W3C: Record<string, Meaning> = {
  date: time("date"),
  time: { kind: "text", time: "clock" },
  "c-ip": text("client"),
  "cs-username": plusSpaced("user"),
  "cs-method": text("method"),
  "cs-uri-stem": text("target"),
  "cs-uri-query": text("query"),
  "cs-version": text("version"),
  "sc-status": integer("status"),
  "sc-bytes": integer("bytes"),
  "cs-bytes": integer(),
  "s-port": integer("port"),
  "cs-host": text("vhost"),
  "cs(Host)": text("vhost"),
  "cs(Referer)": text("referer"),
  "cs(User-Agent)": plusSpaced("agent"),
  // IIS: milliseconds.
  "time-taken": integerDuration(1e-3, "duration"),
  "sc-substatus": integer(),
  "sc-win32-status": integer(),
};

/** IIS's default W3C fields. */
const IIS_FIELDS =
  "date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken";

/**
 * CloudFront's fields: the W3C ones, but time-taken in seconds, the viewer's
 * Host header the virtual host, and a space written %20 (URL-encoded), not "+".
 */
const CLOUDFRONT: Record<string, Meaning> = {
  ...W3C,
  "cs-username": text("user"),
  "cs(User-Agent)": text("agent"),
  "cs(Host)": text(),
  "x-host-header": text("vhost"),
  "cs-protocol": text("scheme"),
  "cs-protocol-version": text("version"),
  "time-taken": seconds("duration"),
  "time-to-first-byte": seconds(),
  "c-port": integer(),
  "sc-content-len": integer(),
};

/** CloudFront's 33 standard-log fields, in order. */
const CLOUDFRONT_FIELDS =
  "date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end";

/** The program of W3C fields `names` separated by `separator`; `urlEncoded`: every field's value is (CloudFront). */
export function w3cProgram(
  names: string[],
  separator: string,
  vocabulary: Record<string, Meaning>,
  urlEncoded = false,
): LogProgram {
  const field = (n: string): ProgramField => ({ ...vendorField(n, vocabulary[n]), ...(urlEncoded && { urlEncoded }) });
  return compilePieces(names.flatMap((n, i) => [i === 0 ? "" : separator, field(n)]));
}

/**
 * A definition written as the vendor documents a line: `{name}` a field (the
 * vendor's name), the rest literal text; `meanings` the fields' meanings.
 */
function vendorProgram(
  layout: string,
  meanings: Record<string, Meaning>,
  options: { escaped?: boolean; spaceRuns?: boolean } = {},
): LogProgram {
  const pieces: (string | ProgramField)[] = [];
  let last = 0;
  for (const m of layout.matchAll(/\{([^}]+)\}/g)) {
    pieces.push(layout.slice(last, m.index), vendorField(m[1], meanings[m[1]], options.escaped));
    last = m.index + m[0].length;
  }
  pieces.push(layout.slice(last));
  return compilePieces(pieces, options.spaceRuns);
}

/** An ELB's host:port field: its common name is the host's. */
const hostPort = (common?: CommonName): Meaning => ({ common, kind: "text", hostPort: true });

const ELB: Record<string, Meaning> = {
  timestamp: time("iso"),
  time: time("iso"),
  "client:port": hostPort("client"),
  "backend:port": hostPort(),
  "target:port": hostPort(),
  request_processing_time: seconds(),
  backend_processing_time: seconds("duration"),
  target_processing_time: seconds("duration"),
  response_processing_time: seconds(),
  elb_status_code: integer("status"),
  backend_status_code: integer(),
  target_status_code: text(),
  received_bytes: integer(),
  sent_bytes: integer("bytes"),
  request: text("request"),
  user_agent: text("agent"),
  domain_name: text("vhost"),
  request_creation_time: { kind: "text", time: "iso" },
};

const S3: Record<string, Meaning> = {
  time: time("clf"),
  remote_ip: text("client"),
  requester: text("user"),
  request_uri: text("request"),
  http_status: integer("status"),
  bytes_sent: integer("bytes"),
  object_size: integer(),
  total_time: integerDuration(1e-3, "duration"),
  turn_around_time: integerDuration(1e-3),
  referer: text("referer"),
  user_agent: text("agent"),
  host_header: text("vhost"),
};

const SQUID: Record<string, Meaning> = {
  time: time("epoch", "decimal"),
  elapsed: integerDuration(1e-3, "duration"),
  remotehost: text("client"),
  status: integer("status"),
  bytes: integer("bytes"),
  method: text("method"),
  URL: text("target"),
  rfc931: text("user"),
};

const TRAEFIK: Record<string, Meaning> = {
  ClientHost: text("client"),
  ClientUsername: text("user"),
  StartUTC: time("clf"),
  RequestMethod: text("method"),
  RequestPath: text("target"),
  RequestProtocol: text("version"),
  DownstreamStatus: integer("status"),
  DownstreamContentSize: integer("bytes"),
  request_Referer: text("referer"),
  "request_User-Agent": text("agent"),
  RequestCount: integer(),
  Duration: integerDuration(1e-3, "duration"),
};

const CLOUD_STORAGE: Record<string, Meaning> = {
  time_micros: time("epoch-us", "integer"),
  c_ip: text("client"),
  cs_method: text("method"),
  cs_uri: text("target"),
  sc_status: integer("status"),
  cs_bytes: integer(),
  sc_bytes: integer("bytes"),
  time_taken_micros: integerDuration(1e-6, "duration"),
  cs_host: text("vhost"),
  cs_referer: text("referer"),
  cs_user_agent: text("agent"),
};

const CLOUD_STORAGE_FIELDS = [
  "time_micros",
  "c_ip",
  "c_ip_type",
  "c_ip_region",
  "cs_method",
  "cs_uri",
  "sc_status",
  "cs_bytes",
  "sc_bytes",
  "time_taken_micros",
  "cs_host",
  "cs_referer",
  "cs_user_agent",
  "s_request_id",
  "cs_operation",
  "cs_bucket",
  "cs_object",
];

/** The program formats by name (caddy, JSON, is read by caddy-log.ts). */
export function programFormat(name: Exclude<LogFormatName, "caddy">): ProgramFormat {
  switch (name) {
    case "vcombined":
      return {
        program: compileLogFormat(String.raw`%v:%p %h %l %u %t \"%r\" %>s %O \"%{Referer}i\" \"%{User-Agent}i\"`),
      };
    case "vcommon":
      return { program: compileLogFormat(String.raw`%v %h %l %u %t \"%r\" %>s %b`) };
    case "w3c":
      return {
        program: w3cProgram(IIS_FIELDS.split(" "), " ", W3C),
        directives: { separator: " ", vocabulary: W3C },
      };
    case "cloudfront":
      return {
        // CloudFront writes every value URL-encoded: bytes 0-32 and 127-255, and < > " # % { } | \ ^ ~ [ ] ` ' as %XX.
        program: w3cProgram(CLOUDFRONT_FIELDS.split(" "), "\t", CLOUDFRONT, true),
        directives: { separator: "\t", vocabulary: CLOUDFRONT, urlEncoded: true },
      };
    case "cloudstorage":
      return {
        program: vendorProgram(CLOUD_STORAGE_FIELDS.map((f) => `"{${f}}"`).join(","), CLOUD_STORAGE),
        header: '"time_micros"',
        scheme: "https",
      };
    case "awselb":
      return {
        program: vendorProgram(
          '{timestamp} {elb} {client:port} {backend:port} {request_processing_time} {backend_processing_time} {response_processing_time} {elb_status_code} {backend_status_code} {received_bytes} {sent_bytes} "{request}" "{user_agent}" {ssl_cipher} {ssl_protocol}',
          ELB,
        ),
      };
    case "awsalb":
      return {
        program: vendorProgram(
          '{type} {time} {elb} {client:port} {target:port} {request_processing_time} {target_processing_time} {response_processing_time} {elb_status_code} {target_status_code} {received_bytes} {sent_bytes} "{request}" "{user_agent}" {ssl_cipher} {ssl_protocol} {target_group_arn} "{trace_id}" "{domain_name}" "{chosen_cert_arn}" {matched_rule_priority} {request_creation_time} "{actions_executed}" "{redirect_url}" "{error_reason}" "{target:port_list}" "{target_status_code_list}" "{classification}" "{classification_reason}"',
          ELB,
        ),
      };
    case "awss3":
      return {
        program: vendorProgram(
          '{bucket_owner} {bucket} [{time}] {remote_ip} {requester} {request_id} {operation} {key} "{request_uri}" {http_status} {error_code} {bytes_sent} {object_size} {total_time} {turn_around_time} "{referer}" "{user_agent}" {version_id} {host_id} {signature_version} {cipher_suite} {authentication_type} {host_header} {tls_version}',
          S3,
        ),
        scheme: "https",
      };
    case "squid":
      return {
        program: vendorProgram(
          "{time} {elapsed} {remotehost} {code}/{status} {bytes} {method} {URL} {rfc931} {peerstatus}/{peerhost} {type}",
          SQUID,
          { spaceRuns: true },
        ),
      };
    case "traefikclf":
      return {
        program: vendorProgram(
          '{ClientHost} - {ClientUsername} [{StartUTC}] "{RequestMethod} {RequestPath} {RequestProtocol}" {DownstreamStatus} {DownstreamContentSize} "{request_Referer}" "{request_User-Agent}" {RequestCount} "{RouterName}" "{ServiceURL}" {Duration}ms',
          TRAEFIK,
        ),
      };
  }
}

/** A "#Fields:" directive's field names (W3C Extended Log File Format), or null for another line. */
export function fieldsDirective(line: string): string[] | null {
  if (!line.startsWith("#Fields:")) return null;
  return line
    .slice("#Fields:".length)
    .trim()
    .split(/\s+/)
    .filter((f) => f !== "");
}
