// Native Ada over a corpus: the program that bench/ada-native/run.mjs counts
// the instructions of, as scripts/kernel-instructions.mjs counts swurl's
// kernel.
//
//   harness OPERATION CORPUS LINES PASSES EMPTY
//
// OPERATION is one of
//   parse            ada::parse<ada::url_aggregator>(line), no base
//   parse-host-path  the same, then reads hostname and pathname (as swurl's
//                    parse benchmark does)
//   can_parse        ada::can_parse(line), no base
// The first LINES lines of CORPUS (one URL per line, LF or CRLF, an optional
// leading UTF-8 byte order mark: the lines scripts/data/corpus.mjs gives) are each a
// std::string of their own; the operation runs on every line, PASSES times.
// With EMPTY "true" every input is empty, which Ada rejects at once: the cost
// of the loop and the call, and of the rejection.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "ada.h"

namespace {

/** The first `count` lines of the file at `path`, as scripts/data/corpus.mjs reads them. */
std::vector<std::string> read_lines(const char* path, size_t count) {
  std::ifstream file(path, std::ios::binary);
  std::string data((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  size_t from = data.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  std::vector<std::string> lines;
  while (from < data.size() && lines.size() < count) {
    size_t to = data.find('\n', from);
    if (to == std::string::npos) to = data.size();
    size_t end = to > from && data[to - 1] == '\r' ? to - 1 : to;
    lines.emplace_back(data, from, end - from);
    from = to + 1;
  }
  return lines;
}

/** Run `operation` over the lines `passes` times; the result keeps the work observable. */
size_t run(std::string_view operation, const std::vector<std::string>& lines, int passes) {
  size_t sink = 0;
  if (operation == "parse") {
    for (int pass = 0; pass < passes; pass++) {
      for (const std::string& line : lines) sink += ada::parse<ada::url_aggregator>(line).has_value();
    }
  } else if (operation == "parse-host-path") {
    for (int pass = 0; pass < passes; pass++) {
      for (const std::string& line : lines) {
        auto url = ada::parse<ada::url_aggregator>(line);
        if (url) sink += url->get_hostname().size() + url->get_pathname().size();
      }
    }
  } else if (operation == "can_parse") {
    for (int pass = 0; pass < passes; pass++) {
      for (const std::string& line : lines) sink += ada::can_parse(line);
    }
  } else {
    std::fprintf(stderr, "harness: unknown operation %.*s\n", int(operation.size()), operation.data());
    std::exit(2);
  }
  return sink;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: harness parse|parse-host-path|can_parse CORPUS LINES PASSES true|false\n");
    return 2;
  }
  std::vector<std::string> lines = read_lines(argv[2], std::strtoul(argv[3], nullptr, 10));
  if (std::strcmp(argv[5], "true") == 0) {
    for (std::string& line : lines) line.clear();
  }
  std::printf("%zu\n", run(argv[1], lines, std::atoi(argv[4])));
  return 0;
}
