// Two corpora made by this file, for shapes the vendored lists of bench/data/
// hold few of (every speed goal must hold on a list of file URLs and a list of
// URLs with IPv4 hosts too):
//   file-urls   20,000 file: URLs as file lists, bookmarks and configs hold them
//   ipv4-hosts  20,000 http(s) URLs whose host is an IPv4 address, as logs hold them
// The mix of each is the SHAPES table below (weights in lines per 1,000), and
// bench/data/README.md states it too. The shapes are drawn in random order,
// so that any prefix (the instruction counter reads the first 5,000 lines)
// has the same mix as the whole list.
//
// Deterministic: a fixed seed and a PRNG of our own (bench/lib.mjs
// mulberry32), so every run and machine writes the same bytes and numbers
// stay comparable. The files are written on first use to bench/data/generated/
// (gitignored, never committed), and written again whenever this file
// changes: the SHA-256 of its source is kept beside each list.
//
//   node scripts/data/generated-corpora.mjs     write both lists if missing or stale, print their paths
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { threadId } from "node:worker_threads";
import { mulberry32 } from "./random.mjs";

const SOURCE = fileURLToPath(import.meta.url);
export const GENERATED_DIR = path.join(path.dirname(SOURCE), "..", "..", "bench", "data", "generated");
const LINES = 20_000;
const SEED = 0x17c0;

/** Drawing from one seeded stream: the same seed, the same list. */
function drawing(seed) {
  const rng = mulberry32(seed);
  const int = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
  const pick = (items) => items[Math.floor(rng() * items.length)];
  const chance = (p) => rng() < p;
  /** One of `shapes` ([weight, make] pairs), drawn by weight, made. */
  const weighted = (shapes) => {
    const total = shapes.reduce((sum, [weight]) => sum + weight, 0);
    let r = rng() * total;
    for (const [weight, make] of shapes.slice(0, -1)) if ((r -= weight) < 0) return make();
    return shapes.at(-1)[1]();
  };
  return { int, pick, chance, weighted };
}

// ---------------------------------------------------------------- file-urls

const USERS = ["alice", "bob", "jdoe", "mkowalski", "priya", "build", "ci", "www-data", "sam.lee", "admin"];
const DIRS = [
  ...["Documents", "Downloads", "Desktop", "Pictures", "Music", "projects", "src", "lib", "docs", "build", "dist"],
  ...["node_modules", ".config", ".cache", "share", "include", "logs", "backup", "2023", "2024", "archive"],
  ...["reports", "assets", "images", "test", "fixtures", "vendor", "tmp", "old", "v2", "public", "static"],
];
const PACKAGES = ["bash", "coreutils", "python3", "openssl", "libc6", "git", "vim", "nginx", "curl", "zlib1g"];
const STEMS = [
  ...["index", "README", "report", "notes", "config", "main", "app", "style", "photo_0231", "IMG_2041"],
  ...["invoice-2024-03", "changelog", "LICENSE", "setup", "data", "export", "backup", "schema", "test_utils"],
];
const EXTENSIONS = [
  ...[".html", ".htm", ".txt", ".md", ".pdf", ".png", ".jpg", ".js", ".css", ".json", ".xml", ".csv"],
  ...[".log", ".gz", ".tar.gz", ".py", ".sh", ".conf", ".docx", ".xlsx", ".svg", ".mp3", ""],
];
/** Names people give files and folders: spaces, brackets, non-ASCII. */
const SPACED = ["My Documents", "Project Plan", "Q3 Report", "New Folder", "Copy of notes", "Meeting Notes (draft)"];
const NON_ASCII = ["résumé", "Übersicht", "naïve", "café menu", "данные", "文档", "東京 2024", "Straße", "façade"];
const HOSTS = ["fileserver", "nas.local", "fs01.corp.example.com", "FILESERVER", "192.168.1.20", "backup-01"];
const SHARES = ["share", "public", "Team", "home$", "media", "scans"];
const DRIVES = ["C", "C", "C", "D", "E", "c", "d"];
/** Put after a path's first segment: every path has two at least, so one follows. */
const DOT_SEGMENTS = ["./", "../", "x/../", "%2e%2e/", ".%2E/"];
const FRAGMENTS = ["#L42", "#page=12", "#section-2", "#top", "#L10-L25"];
const QUERIES = ["?raw=1", "?v=3", "?download", "?t=1700000000"];

/**
 * A path segment as the URL parser leaves it (the path percent-encode set and
 * non-ASCII in UTF-8), or, as Python's pathlib.as_uri() and JS
 * encodeURIComponent write it, with brackets, "'" and more escaped too.
 * Either way the parser keeps it as written.
 */
function serializedSegment(name, strict) {
  if (!strict) return encodeURI(name);
  return encodeURIComponent(name).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function fileUrls(seed) {
  const { int, pick, chance, weighted } = drawing(seed);
  const file = () => pick(STEMS) + pick(EXTENSIONS);
  const dirs = (n) => Array.from({ length: n }, () => pick(DIRS));
  /** A Unix path of 1 to 8 segments under a common root, ending in a file or (sometimes) a folder's "/". */
  const unixPath = () => {
    const root = weighted([
      [4, () => ["home", pick(USERS)]],
      [2, () => ["usr", "share", "doc", pick(PACKAGES)]],
      [1, () => ["Users", pick(USERS)]],
      [1, () => [pick(["etc", "var/log", "opt", "srv/www", "tmp", "mnt/data", "usr/include"])]],
    ]);
    const end = chance(0.08) ? "" : file();
    return `/${[...root, ...dirs(int(0, 5)), end].join("/")}`;
  };
  /** A Unix path with one spaced or non-ASCII name among its folders, spelt by `spell`. */
  const namedPath = (spell) => {
    const name = spell(chance(0.5) ? pick(SPACED) : pick(NON_ASCII));
    return `/home/${pick(USERS)}/${[...dirs(int(0, 2)), name, file()].join("/")}`;
  };
  const windowsPath = () => `${pick(DRIVES)}:/${["Users", pick(USERS), ...dirs(int(0, 4)), file()].join("/")}`;
  const tail = () =>
    weighted([
      [94, () => ""],
      [3, () => pick(FRAGMENTS)],
      [3, () => pick(QUERIES)],
    ]);
  const SHAPES = [
    // Already serialized file:///abs/path, the bulk of real lists; some end in a query or fragment.
    [610, () => `file://${unixPath()}${tail()}`],
    // Already serialized with escapes: %20 and UTF-8 bytes, some escaped beyond the parser's set (%28 for "(").
    [80, () => `file://${namedPath((name) => serializedSegment(name, chance(0.3)))}`],
    // Windows drive letters: file:///C:/..., the legacy "|" (file:///c|/...), and "file://" + "C:/..." joined.
    [60, () => `file:///${windowsPath()}`],
    [10, () => `file:///${windowsPath().replace(":", "|")}`],
    [10, () => `file://${windowsPath()}`],
    // UNC paths: a file server's host (a name, or an IPv4 address), then the share.
    [40, () => `file://${pick(HOSTS)}/${[pick(SHARES), ...dirs(int(0, 3)), file()].join("/")}`],
    // file://localhost/... (the parser drops the host).
    [30, () => `file://localhost${unixPath()}`],
    // One slash, file:/path, as some tools (Java's File.toURI()) write it.
    [20, () => `file:${unixPath()}`],
    // Raw spaces and non-ASCII, as "file://" + a path gives them: the parser percent-encodes.
    [50, () => `file://${namedPath((name) => name)}`],
    // Dot segments (./, ../, %2e%2e) for the parser to remove.
    [30, () => `file://${unixPath().replace(/^\/[^/]+\//, (first) => first + pick(DOT_SEGMENTS))}`],
    // An upper-case or mixed-case scheme.
    [20, () => `${pick(["FILE", "File"])}://${unixPath()}`],
    // Backslashes from Windows paths: file:///C:\Users\..., file:\\server\share\...
    [20, () => `file:///${windowsPath().replaceAll("/", "\\")}`],
    [10, () => `file:\\\\${pick(HOSTS)}\\${pick(SHARES)}\\${file()}`],
    // "file://" + a relative path: the first segment becomes a host ("docs", "~"), or fails (a space in it).
    [5, () => `file://${pick(["docs", "~", "build", "src"])}/${file()}`],
    [5, () => `file://${pick(SPACED)}/${file()}`],
  ];
  return Array.from({ length: LINES }, () => weighted(SHAPES));
}

// --------------------------------------------------------------- ipv4-hosts

const PATHS = [
  ...["/", "/", "/index.html", "/admin/", "/api/v1/status", "/api/v2/users/1042", "/cgi-bin/luci", "/health"],
  ...["/phpmyadmin/index.php", "/wp-login.php", "/.env", "/favicon.ico", "/metrics", "/v2/_catalog", "/login"],
  ...["/static/js/app.3f2a1c.js", "/images/logo.png", "/download/firmware.bin", "/setup.cgi", "/robots.txt"],
];
const IP_QUERIES = [
  ...["?id=42", "?page=2&sort=desc", "?q=test", "?token=9f86d081884c7d65", "?next=%2Fdashboard", "?lang=en"],
  ...["?redirect=http://example.com/", "?cmd=ls+-la", "?utm_source=mail&utm_medium=email", "?format=json"],
];
const PORTS = [8080, 8443, 3000, 5000, 8000, 8888, 9090, 9200, 5601, 6443];

/** An address of the kinds logs hold: private ranges, loopback and public ones. */
function address({ int, weighted }) {
  return weighted([
    [4, () => [192, 168, int(0, 10), int(1, 254)]],
    [3, () => [10, int(0, 255), int(0, 255), int(1, 254)]],
    [1, () => [172, int(16, 31), int(0, 255), int(1, 254)]],
    [1, () => [127, 0, 0, 1]],
    [4, () => [int(1, 223), int(0, 255), int(0, 255), int(1, 254)]],
  ]);
}

function ipv4Hosts(seed) {
  const draw = drawing(seed);
  const { int, pick, chance, weighted } = draw;
  const scheme = () => (chance(0.6) ? "http" : "https");
  const port = () =>
    weighted([
      [55, () => ""],
      [40, () => `:${pick(PORTS)}`],
      [5, () => `:${int(1024, 65535)}`],
    ]);
  const rest = () =>
    pick(PATHS) + (chance(0.3) ? pick(IP_QUERIES) : "") + (chance(0.03) ? pick(["#top", "#/login", "#main"]) : "");
  /** scheme://host[:port]/path[?query][#fragment] around a host spelt by `host`. */
  const url = (host) => `${scheme()}://${host(address(draw))}${port()}${rest()}`;
  const quad = (parts) => parts.join(".");
  const as32 = ([a, b, c, d]) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  const SHAPES = [
    // Canonical dotted quads, with and without a port, path, query: the bulk of real logs.
    [750, () => url(quad)],
    // ... with userinfo, as router and camera URLs carry it.
    [15, () => url((parts) => `${pick(["admin:admin", "root", "user:1234"])}@${quad(parts)}`)],
    // ... with the scheme's default port, which the parser drops.
    [15, () => `http://${quad(address(draw))}:80${rest()}`],
    // Hexadecimal parts (0x7f.0.0.1), some with an upper-case 0X, or the whole address in one hex number.
    [30, () => url((parts) => quad(parts.map((p) => (chance(0.5) ? `0x${p.toString(16)}` : p))))],
    [10, () => url((parts) => quad(parts.map((p) => `0X${p.toString(16).toUpperCase()}`)))],
    [10, () => url((parts) => `0x${as32(parts).toString(16).padStart(8, "0")}`)],
    // Octal: zero-padded quads (010.000.000.001) and written octal (0300.0250.1.1).
    [25, () => url((parts) => quad(parts.map((p) => String(p).padStart(3, "0"))))],
    [15, () => url((parts) => quad(parts.map((p) => (chance(0.5) ? `0${p.toString(8)}` : p))))],
    // Fewer than four parts: 127.1, 10.1.65535, 192.168.257, and a single 32-bit number.
    [15, () => url(([a, , , d]) => `${a}.${d}`)],
    [10, () => url(([a, b, c, d]) => `${a}.${b}.${(c << 8) | d}`)],
    [20, () => url((parts) => String(as32(parts)))],
    // A trailing dot (the host as DNS spells it absolute).
    [20, () => url((parts) => `${quad(parts)}.`)],
    // Percent-encoded digits, which the host parser decodes first.
    [15, () => url((parts) => quad(parts).replace(/\d/g, (d) => (chance(0.3) ? `%3${d}` : d)))],
    // Invalid, the URL fails: a part over 255, a last part over its range, a fifth part, 08 read as octal.
    [10, () => url((parts) => quad([...parts.slice(0, 3), int(256, 999)]))],
    [10, () => url((parts) => quad([int(256, 999), ...parts.slice(1)]))],
    [5, () => url((parts) => `${parts[0]}.${parts[1]}.16777216`)],
    [10, () => url((parts) => `${quad(parts)}.${int(1, 254)}`)],
    [5, () => url((parts) => quad([...parts.slice(0, 3), pick(["08", "09", "019"])]))],
  ];
  return Array.from({ length: LINES }, () => weighted(SHAPES));
}

// ------------------------------------------------------------------ writing

/** The generated corpora by name, each a function of the seed. */
const GENERATORS = { "file-urls": fileUrls, "ipv4-hosts": ipv4Hosts };
export const GENERATED = Object.keys(GENERATORS);

/**
 * The file of generated corpus `name`, written first if it is missing or was
 * made by another version of this file. Each write goes to a file of its own
 * and is renamed into place, so that processes starting at once (test workers)
 * never read half a list.
 */
export function generatedFile(name) {
  const file = path.join(GENERATED_DIR, `${name}.txt`);
  const stamp = path.join(GENERATED_DIR, `${name}.sha256`);
  const version = createHash("sha256").update(readFileSync(SOURCE)).digest("hex");
  if (existsSync(file) && existsSync(stamp) && readFileSync(stamp, "utf8") === version) return file;
  mkdirSync(GENERATED_DIR, { recursive: true });
  const write = (target, text) => {
    const temporary = `${target}.${process.pid}-${threadId}`;
    writeFileSync(temporary, text);
    renameSync(temporary, target);
  };
  write(file, `${GENERATORS[name](SEED).join("\n")}\n`);
  write(stamp, version);
  return file;
}

if (process.argv[1] === SOURCE) for (const name of GENERATED) console.log(generatedFile(name));
