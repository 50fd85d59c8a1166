// `taquin bench`'s set: its boards, their published counts, the instances kept (bench_set.hpp).
#include "cli/bench_set.hpp"

#include <algorithm>
#include <charconv>

#include "cli/command.hpp"
#include "core/embedded.hpp"

namespace taquin::cli {
namespace {

// The published count of generated nodes of each instance: the number after one of
// kPublishedNodesKeys in the comment of the line where it starts, if any. One pass over `text`
// (instances in line order).
std::vector<std::optional<PublishedCount>> published_counts(
    std::string_view text, const std::vector<Instance>& instances) {
  std::vector<std::optional<PublishedCount>> counts;
  int line_no = 1;
  for (const Instance& inst : instances) {
    for (; line_no < inst.line && !text.empty(); ++line_no) {
      const size_t end = text.find('\n');
      text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
    const std::string_view line = text.substr(0, text.find('\n'));
    const size_t comment = line.find('#');
    std::optional<PublishedCount> count;
    for (const std::string_view name : kPublishedNodesKeys) {
      const size_t key = line.find(name);
      if (comment == std::string_view::npos || key == std::string_view::npos || key < comment)
        continue;
      std::string_view rest = line.substr(key + name.size());
      while (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
      uint64_t value = 0;
      const auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
      if (ec == std::errc() && ptr != rest.data()) count = PublishedCount{value, name};
      break;
    }
    counts.push_back(count);
  }
  return counts;
}

// The instances to run, as indexes into a set of `size` instances: --ids in their order, else the
// --easiest by `published` (fewest first), else the first `count` (0: all).
Expected<std::vector<size_t>> select_instances(
    const BenchOptions& options, const std::string& set, size_t size, int count,
    const std::vector<std::optional<PublishedCount>>& published) {
  std::vector<size_t> chosen;
  if (!options.ids.empty()) {
    std::string_view rest = options.ids;
    while (true) {
      const std::string_view word = rest.substr(0, rest.find(','));
      size_t id = 0;
      const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), id);
      if (ec != std::errc() || ptr != word.data() + word.size() || id < 1 || id > size)
        return Error{"--ids", 0,
                     "'" + std::string(word) + "' is not an id of " + set + " (1 to " +
                         std::to_string(size) + ")"};
      if (std::find(chosen.begin(), chosen.end(), id - 1) != chosen.end())
        return Error{"--ids", 0, "id " + std::to_string(id) + " is named twice"};
      chosen.push_back(id - 1);
      if (word.size() == rest.size()) break;
      rest.remove_prefix(word.size() + 1);
    }
    return chosen;
  }
  for (size_t i = 0; i < size; ++i) chosen.push_back(i);
  if (options.easiest) {
    if (*options.easiest < 1)
      return Error{"--easiest", 0,
                   std::to_string(*options.easiest) + " is not a count (1 or more)"};
    if (std::any_of(published.begin(), published.end(), [](const auto& p) { return !p; }))
      return Error{"--easiest", 0,
                   "set " + set + " has no published node count on every board to rank by (a '" +
                       std::string(kPublishedNodesKeys[0]) + " N' or '" +
                       std::string(kPublishedNodesKeys[1]) +
                       " N' comment, as korf50's and korf100's boards have)"};
    std::stable_sort(chosen.begin(), chosen.end(),
                     [&](size_t a, size_t b) { return published[a]->nodes < published[b]->nodes; });
    count = *options.easiest;
  }
  if (count > 0 && static_cast<size_t>(count) < chosen.size())
    chosen.resize(static_cast<size_t>(count));
  return chosen;
}

}  // namespace

// The set --set names (embedded, else a FILE) with its goal spec, every instance of it; nullopt
// after the error line.
std::optional<BenchSet> read_set(const BenchOptions& options) {
  BenchSet out;
  out.name = options.set.empty() ? "korf100" : options.set;
  const std::string& set = out.name;
  std::string goal_text = options.goal;  // empty for a FILE set: each board's own goal
  // The set's text: embedded, else the FILE's.
  const std::optional<std::string_view> embedded_text = embedded::find(set);
  std::string file_text;
  if (embedded_text) {
    if (!options.goal.empty()) {
      print_usage_error({"--goal", 0, "an embedded set has its own goal; --goal is for a FILE set"},
                        "bench");
      return std::nullopt;
    }
    if (set == "korf100" || set == "korf50") goal_text = "zero-first";
  } else {
    Expected<std::string> read = read_text(set, kMaxBatchBytes);
    if (!read) {
      print_error(read.error());
      return std::nullopt;
    }
    file_text = std::move(*read);
  }
  const std::string_view text = embedded_text ? *embedded_text : std::string_view(file_text);
  Expected<std::vector<Instance>> parsed = parse_instances(text, set);
  if (!parsed) {
    print_error(parsed.error());
    return std::nullopt;
  }
  out.instances = std::move(*parsed);
  out.published = published_counts(text, out.instances);
  if (goal_text.empty()) return out;
  Expected<GoalSpec> spec = parse_goal_spec(goal_text, "--goal");
  if (!spec) {
    print_error(spec.error());
    return std::nullopt;
  }
  out.spec = std::move(*spec);
  return out;
}

Expected<Goal> BenchSet::goal_of(const Instance& instance) const {
  return Goal::for_shape(spec ? *spec : default_goal_spec(instance), instance.shape);
}

// Keeps in `set` the instances --count, --easiest or --ids select, then those of --shard (by
// 0-based place among them), each with its id in the whole set; false after the error line.
bool keep_selected(const BenchOptions& options, BenchSet& set) {
  const int count = options.count.value_or(options.set.empty() ? 10 : 0);
  Expected<std::vector<size_t>> selected =
      select_instances(options, set.name, set.instances.size(), count, set.published);
  if (!selected) {
    print_usage_error(selected.error(), "bench");
    return false;
  }
  Expected<Shard> shard = options.shard.empty() ? Shard{} : parse_shard(options.shard, "--shard");
  if (!shard) {
    print_usage_error(shard.error(), "bench");
    return false;
  }
  std::vector<Instance> taken;
  std::vector<std::optional<PublishedCount>> taken_published;
  for (size_t k = 0; k < selected->size(); ++k)
    if (shard->takes(k)) {
      const size_t i = (*selected)[k];
      taken.push_back(set.instances[i]);
      taken_published.push_back(set.published[i]);
      set.ids.push_back(static_cast<int>(i) + 1);
    }
  set.instances = std::move(taken);
  set.published = std::move(taken_published);
  return true;
}

}  // namespace taquin::cli
