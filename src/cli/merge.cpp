// `taquin merge`: joins the JSON-lines outputs of shards (--shard K/N) into one stream in id order.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"

namespace taquin::cli {
namespace {

struct MergeOptions {
  std::vector<std::string> files;
};

// One record of a shard's output and where it was read.
struct MergedRecord {
  uint64_t id = 0;
  std::string line;
  std::string source;
  int line_number = 0;
};

// What a line of a shard's output is.
struct MergedLine {
  enum class Kind { Record, Summary, Other } kind = Kind::Other;
  uint64_t id = 0;  // a record's
};

// The line as taquin prints its records: one JSON object on the line, from '{' to '}', whose first
// field is `"id"`, a whole number from 1 (a record of solve, check or bench), or `"summary": true`
// (bench's summary); anything else is Other.
MergedLine read_line(std::string_view line) {
  MergedLine out;
  if (!line.starts_with('{') || !line.ends_with('}')) return out;
  const nlohmann::ordered_json object =
      nlohmann::ordered_json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!object.is_object() || object.empty()) return out;
  const std::string& key = object.begin().key();
  const nlohmann::ordered_json& value = object.begin().value();
  if (key == "id" && value.is_number_unsigned() && value.get<uint64_t>() > 0) {
    out.kind = MergedLine::Kind::Record;
    out.id = value.get<uint64_t>();
  } else if (key == "summary" && value == true) {
    out.kind = MergedLine::Kind::Summary;
  }
  return out;
}

// The first file of `files` named twice (the same name, or two names of one file), as an Error.
std::optional<Error> repeated_file(const std::vector<std::string>& files) {
  for (size_t i = 0; i < files.size(); ++i)
    for (size_t j = 0; j < i; ++j) {
      std::error_code ec;
      if (files[i] == files[j] || (files[i] != "-" && files[j] != "-" &&
                                   std::filesystem::equivalent(files[i], files[j], ec)))
        return Error{"merge", 0,
                     files[i] == files[j]
                         ? "'" + files[i] + "' is given twice (give each shard's output once)"
                         : "'" + files[j] + "' and '" + files[i] +
                               "' are the same file (give each shard's output once)"};
    }
  return std::nullopt;
}

int run_merge(const MergeOptions& options) {
  if (std::optional<Error> twice = repeated_file(options.files)) {
    print_usage_error(*twice, "merge");
    return kExitBadInput;
  }
  std::vector<MergedRecord> records;
  for (const std::string& file : options.files) {
    Expected<std::string> text = read_text(file, kMaxBatchBytes, "a JSON-lines file");
    if (!text) {
      print_error(text.error());
      return kExitBadInput;
    }
    const std::string source = file == "-" ? "<stdin>" : file;
    std::string_view rest = *text;
    for (int number = 1; !rest.empty(); ++number) {
      const size_t end = std::min(rest.find('\n'), rest.size());
      const std::string_view line = rest.substr(0, end);
      rest.remove_prefix(std::min(end + 1, rest.size()));
      if (line.empty()) continue;
      const MergedLine read = read_line(line);
      if (read.kind == MergedLine::Kind::Summary) continue;  // bench's summaries
      if (read.kind != MergedLine::Kind::Record) {
        print_error({source, number, "not a JSON record of taquin (it starts with {\"id\":N)"});
        return kExitBadInput;
      }
      records.push_back({read.id, std::string(line), source, number});
    }
  }
  std::stable_sort(records.begin(), records.end(),
                   [](const MergedRecord& a, const MergedRecord& b) { return a.id < b.id; });
  for (size_t i = 0; i < records.size(); ++i) {
    const MergedRecord& record = records[i];
    if (i > 0 && records[i - 1].id == record.id) {
      const MergedRecord& first = records[i - 1];
      std::cerr << "taquin: merge: id " << record.id << " is repeated (" << first.source << ":"
                << first.line_number << " and " << record.source << ":" << record.line_number
                << ")\n";
      return kExitUnsolved;
    }
    if (record.id != i + 1) {
      std::cerr << "taquin: merge: id " << i + 1 << " is missing (ids read: 1 to "
                << records.back().id << ", " << records.size() << " records)\n";
      return kExitUnsolved;
    }
  }
  std::string out;
  for (const MergedRecord& record : records) out.append(record.line).push_back('\n');
  std::cout << out;
  return kExitOk;
}

void setup_merge(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<MergeOptions>();
  CLI::App* sub = app.add_subcommand(
      "merge", "Join the JSON lines of shards (--shard K/N) into one stream in id order");
  sub->add_option("files", options->files,
                  "JSON-lines outputs of solve, check or bench; '-' = stdin")
      ->required();
  sub->callback([options, &exit_code] { exit_code = run_merge(*options); });
}

const RegisterCommand registered_merge(35, setup_merge);

}  // namespace
}  // namespace taquin::cli
