// swurl extract: the URLs found in running text (extractUrls(), docs/api.md
// section 6), one per line. The text is read in pieces cut at line breaks,
// never whole; a piece does not end inside a "<...>" wrapper that may go on
// on the next line (RFC 1738 lets a wrapped URL span lines). With --input
// html, the links of HTML pages (html-links.ts).

import { parse } from "swurl";
import {
  baseOption,
  COMMON_OPTIONS,
  commandOutput,
  INPUT_OPTIONS,
  inputSpec,
  OUTPUT_OPTIONS,
  parseCommandArgs,
} from "./args.js";
import { UsageError } from "../errors.js";
import type { Command, Context } from "../command.js";
import { checkInputs, openInputs, type Input } from "../io.js";
import { readRecords, type InputSpec } from "../input/records.js";
import { FILTER_OPTIONS, kept, recordFilter, type RecordFilter } from "../input/filter.js";
import { linkBatches, pageLinks } from "../input/html-links.js";
import { addFailures, noFailures, writeFailureHint } from "../input/failure-hint.js";

/** The signature of extractUrls() in docs/api.md section 6. */
type ExtractUrls = (text: string) => { url: string; index: number; end: number; wrapped: boolean }[];

/** A "<" with no ">" this far after it is taken as a lone "<", not as a wrapper still open. */
const MAX_OPEN_WRAPPER = 64 << 10;

/**
 * Where `text` can be cut: after a line break, but not inside a "<...>"
 * (closed after the cut or not yet). Moving the cut back to the line where a
 * wrapper opens may put it inside an earlier wrapper: so again, until none.
 */
function cutPoint(text: string): number {
  let cut = text.lastIndexOf("\n") + 1;
  while (cut > 0) {
    const open = text.lastIndexOf("<", cut - 1);
    // A "<" that far back is taken as a lone "<": the text never waits long.
    if (open === -1 || text.length - open > MAX_OPEN_WRAPPER) break;
    const close = text.indexOf(">", open);
    if (close !== -1 && close < cut) break;
    cut = text.lastIndexOf("\n", open) + 1;
  }
  return cut;
}

/** The text of `chunks` (UTF-8, invalid bytes as U+FFFD) in pieces that hold whole URLs. */
async function* pieces(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    pending += text;
    // No new line break, no new place to cut (and no rescan of a long line).
    if (!text.includes("\n")) continue;
    const cut = cutPoint(pending);
    if (cut > 0) {
      yield pending.slice(0, cut);
      pending = pending.slice(cut);
    }
  }
  pending += decoder.decode();
  if (pending !== "") yield pending;
}

const OPTIONS = {
  ...COMMON_OPTIONS,
  ...INPUT_OPTIONS,
  ...FILTER_OPTIONS,
  ...OUTPUT_OPTIONS,
  base: { type: "string" },
  "base-field": { type: "string" },
  text: { type: "boolean" },
} as const;

/** With --input: the URL field of each record (resolved against --base), failures left out. */
async function recordUrls(input: Input, spec: InputSpec, filter: RecordFilter, { stdout }: Context): Promise<void> {
  const failures = noFailures();
  for await (const records of readRecords(
    input.chunks(() => {}),
    spec,
    [],
  )) {
    let text = "";
    let invalid = 0;
    for (let i = 0; i < records.length; i++) {
      const url = records.url(i);
      if (url === null) invalid++;
      else if (kept(filter, url, records, i)) text += url.href + "\n";
    }
    addFailures(failures, records, invalid);
    await stdout.write(text);
  }
  if (input.damage !== null) throw input.damage;
  writeFailureHint(spec, [failures]);
}

/**
 * With --input html: the links of each FILE (each a page of its own, with its
 * own <base href>) resolved against it, in document order; those that do not
 * parse are left out; so are relative links of a page with no base URL (one
 * line on standard error says how many).
 */
async function htmlLinks(
  files: string[],
  documentUrl: string | undefined,
  filter: RecordFilter,
  textUrls: ((text: string) => string[]) | null,
  { stdout }: Context,
): Promise<void> {
  const { SAXParser } = await import("parse5-sax-parser");
  let unresolved = 0;
  const resolve = (input: string, base?: string) => parse(input, base)?.href ?? null;
  const pages = files.length === 0 ? ["-"] : files;
  // Every file checked first: one that cannot be read stops the run before any
  // output. Each is opened in its turn, so that more pages than a process may
  // hold descriptors are read.
  await checkInputs(pages);
  for (const file of pages) {
    const input = await openInputs([file]);
    try {
      const page = pageLinks(SAXParser, documentUrl, resolve, textUrls);
      for await (const { links, base } of linkBatches(
        page,
        input.chunks(() => {}),
      )) {
        let out = "";
        for (const link of links) {
          const url = parse(link, base);
          if (url === null) {
            if (base === undefined) unresolved++;
          } else if (kept(filter, url)) {
            out += url.href + "\n";
          }
        }
        if (out !== "") await stdout.write(out);
      }
      if (input.damage !== null) throw input.damage;
    } finally {
      await input.close();
    }
  }
  if (unresolved > 0) {
    process.stderr.write(
      `swurl: extract: ${unresolved} link${unresolved === 1 ? "" : "s"} that ${unresolved === 1 ? "is" : "are"} no absolute URL left out: give the page's URL with --base\n`,
    );
  }
}

export function extractCommand(extractUrls: ExtractUrls): Command {
  const command: Command = {
    name: "extract",
    summary: "the URLs found in running text, one per line",
    help: `Usage: swurl extract [FILE|-]... [options]

Find the URLs in the text of the FILEs (or standard input) and write them one
per line, in text order: URLs wrapped as <URL:...> or <...> (RFC 1738: a
wrapped URL may go on past a line break, which is removed with the spaces
around it; a space elsewhere ends the URL) and bare absolute URLs of known
schemes, without trailing sentence punctuation.

With --input or --log-format, read records instead of running text and write
the URL field of each (an access log's request targets, resolved against
--base), leaving out those that do not parse.

With --input html, each FILE is an HTML page (UTF-8) at the URL --base: write
its links (href, src, srcset, action, ...) in document order, resolved as a
browser resolves them: against the page's first <base href>, character
references decoded. --text adds the URLs written in the page's text.

Options:
  -i, --input FORMAT   lines, combined, common, jsonl, csv, tsv, html, or a
                       server's log format (see swurl parse --help)
      --log-format DEF an access log in the server's own format (nginx
                       log_format or Apache LogFormat)
      --field NAME     the URL's field (see swurl parse --help)
      --base URL       resolve the URLs of records (the links of a page) against URL
      --base-field NAME
                       jsonl, csv, tsv: resolve each URL against this field
                       of its record (a page's URL), else against --base
      --text           with --input html: also the URLs in the page's text
      --skip-comments  skip lines that start with #
  -o, --output FILE    write FILE instead of standard output, all or nothing
      --scheme LIST    only URLs of these schemes (comma-separated)
      --since TIME     access logs: only the records at or after TIME
      --until TIME     only the records before TIME (see swurl parse --help)
  -h, --help           show this help
`,
    async run(args, outer) {
      const { values, files } = parseCommandArgs("extract", args, OPTIONS);
      if (values.help) return outer.stdout.write(command.help);
      const runningText = values.input === undefined && values["log-format"] === undefined;
      if (runningText && (values.field !== undefined || values.base !== undefined)) {
        throw new UsageError("extract: --field and --base need --input or --log-format (running text has no fields)");
      }
      if (values.text === true && values.input !== "html") throw new UsageError("extract: --text needs --input html");
      // Records with --input or --log-format (not html, read below); running text without.
      const records = values.input !== "html" && !runningText;
      const spec = records ? inputSpec("extract", values, true) : null;
      const filter = recordFilter("extract", values, spec ?? undefined);
      if (values.input === "html") {
        const recordOption = values.field !== undefined || values["base-field"] !== undefined;
        if (recordOption || values["skip-comments"] === true || filter.valid === false) {
          throw new UsageError(
            "extract: --input html takes links that parse: no --field, --base-field, --skip-comments or --invalid-only",
          );
        }
        const textUrls = values.text === true ? (text: string) => extractUrls(text).map((u) => u.url) : null;
        const base = baseOption("extract", values.base);
        const stdout = await commandOutput(values.output, outer.stdout);
        await htmlLinks(files, base, filter, textUrls, { ...outer, stdout });
        return stdout.close();
      }
      if (filter.valid === false) {
        throw new UsageError(
          "extract: it writes the URLs that parse, so --invalid-only would leave none (parse --invalid-only lists the records that fail)",
        );
      }
      const input = await openInputs(files);
      const stdout = await commandOutput(values.output, outer.stdout);
      if (spec !== null) {
        await recordUrls(input, spec, filter, { ...outer, stdout });
        return stdout.close();
      }
      const schemes = filter.schemes;
      for await (const piece of pieces(input.chunks(() => {}))) {
        let text = "";
        for (const { url } of extractUrls(piece)) {
          if (schemes === null || schemes.includes(url.slice(0, url.indexOf(":")).toLowerCase())) text += url + "\n";
        }
        await stdout.write(text);
      }
      if (input.damage !== null) throw input.damage;
      await stdout.close();
    },
  };
  return command;
}
