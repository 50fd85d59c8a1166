// Finding duplicate blank-move strings and building the Aho-Corasick automaton that rejects them.
#include "search/move_automaton.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace taquin {
namespace {

// The index (Dir order) of move letter `c`. Precondition: `c` is one of kDirLetters.
int letter_index(char c) {
  Dir d{};
  parse_dir(c, d);
  return static_cast<int>(d);
}

// Plays move strings from the middle of a board with every cell distinctly labelled.
class Playground {
 public:
  explicit Playground(int max_length) : side_(2 * max_length + 3), board_(side_ * side_) {
    for (int c = 0; c < side_ * side_; ++c) board_[c] = c;
  }

  struct Played {
    std::string effect;  // blank cell, then (cell, label) of each cell whose label changed
    int min_row, max_row, min_col, max_col;  // bounding box of the blank's path
    std::vector<int> path;                   // cells the blank visited
  };

  Played play(const std::string& moves) {
    static constexpr std::array<int, 4> kRow = {-1, 1, 0, 0}, kCol = {0, 0, -1, 1};
    Played p;
    int row = side_ / 2, col = side_ / 2;
    p.min_row = p.max_row = row;
    p.min_col = p.max_col = col;
    p.path.push_back(row * side_ + col);
    for (char m : moves) {
      const int d = letter_index(m);
      const int from = row * side_ + col;
      row += kRow[d];
      col += kCol[d];
      std::swap(board_[from], board_[row * side_ + col]);
      p.min_row = std::min(p.min_row, row);
      p.max_row = std::max(p.max_row, row);
      p.min_col = std::min(p.min_col, col);
      p.max_col = std::max(p.max_col, col);
      p.path.push_back(row * side_ + col);
    }
    std::vector<int> cells = p.path;
    std::sort(cells.begin(), cells.end());
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    const auto put = [&p](int v) {
      p.effect.push_back(static_cast<char>(v & 0xFF));
      p.effect.push_back(static_cast<char>(v >> 8));
    };
    put(row * side_ + col);
    for (int c : cells)
      if (board_[c] != c) {
        put(c);
        put(board_[c]);
      }
    // Undo, so the board is the identity again.
    for (size_t i = p.path.size() - 1; i > 0; --i)
      std::swap(board_[p.path[i]], board_[p.path[i - 1]]);
    return p;
  }

  bool inside(const Played& box, const Played& other) const {
    for (int c : other.path) {
      const int r = c / side_, col = c % side_;
      if (r < box.min_row || r > box.max_row || col < box.min_col || col > box.max_col)
        return false;
    }
    return true;
  }

 private:
  int side_;
  std::vector<int> board_;
};

}  // namespace

std::vector<DuplicateMoves> find_duplicate_moves(int max_length) {
  Playground playground(max_length);
  std::unordered_map<std::string, std::string> first;  // effect -> shortlex-first string
  std::unordered_set<std::string> forbidden;
  std::vector<DuplicateMoves> found;
  first.emplace(playground.play("").effect, "");
  std::vector<std::string> level{""};
  for (int length = 1; length <= max_length; ++length) {
    std::vector<std::string> next;
    for (const std::string& parent : level)
      for (char m : kDirLetters) {
        const std::string s = parent + m;
        // Every prefix is clear (only clear strings are extended); check the other substrings,
        // the suffixes.
        bool clear = true;
        for (size_t i = 1; i < s.size() && clear; ++i) clear = forbidden.count(s.substr(i)) == 0;
        if (!clear) continue;
        const Playground::Played played = playground.play(s);
        const auto [it, fresh] = first.emplace(played.effect, s);
        if (!fresh && playground.inside(played, playground.play(it->second))) {
          forbidden.insert(s);
          found.push_back({s, it->second});
          continue;
        }
        next.push_back(s);
      }
    level = std::move(next);
  }
  return found;
}

template <typename Entry>
BasicMoveAutomaton<Entry>::BasicMoveAutomaton(const std::vector<std::string>& forbidden) {
  // Trie of the forbidden strings.
  std::vector<std::array<int, 4>> child{{-1, -1, -1, -1}};
  std::vector<bool> terminal{false};
  for (const std::string& s : forbidden) {
    int node = 0;
    for (char m : s) {
      const int d = letter_index(m);
      if (child[node][d] < 0) {
        child[node][d] = static_cast<int>(child.size());
        child.push_back({-1, -1, -1, -1});
        terminal.push_back(false);
      }
      node = child[node][d];
    }
    terminal[node] = true;
  }
  // Failure links breadth-first; a node is dead if it or its longest proper suffix in the trie is.
  const size_t count = child.size();
  std::vector<uint32_t> go(count * 4, 0);
  std::vector<int> fail(count, 0);
  std::deque<int> queue;
  for (int d = 0; d < 4; ++d)
    if (child[0][d] >= 0) {
      go[d] = static_cast<uint32_t>(child[0][d]);
      queue.push_back(child[0][d]);
    }
  while (!queue.empty()) {
    const int node = queue.front();
    queue.pop_front();
    if (terminal[fail[node]]) terminal[node] = true;
    for (int d = 0; d < 4; ++d) {
      const int c = child[node][d];
      if (c >= 0) {
        fail[c] = static_cast<int>(go[fail[node] * 4 + d]);
        go[node * 4 + d] = static_cast<uint32_t>(c);
        queue.push_back(c);
      } else {
        go[node * 4 + d] = go[fail[node] * 4 + d];
      }
    }
  }
  // Live states numbered in trie order (the root first), each as the offset of its row.
  std::vector<uint32_t> offset(count, kDead);
  uint32_t live = 0;
  for (size_t node = 0; node < count; ++node)
    if (!terminal[node]) offset[node] = 4 * live++;
  if (live + 4 > kMaxStates) throw std::length_error("move automaton: too many states");
  next_.reserve(4 * (size_t{live} + 4));
  for (size_t node = 0; node < count; ++node)
    if (!terminal[node])
      for (int d = 0; d < 4; ++d) next_.push_back(static_cast<Entry>(offset[go[node * 4 + d]]));
  // The four restart rows (restart()): the start's row, the inverse of their move dead.
  for (int last = 0; last < 4; ++last)
    for (int d = 0; d < 4; ++d)
      next_.push_back(d == (last ^ 1) ? static_cast<Entry>(kDead) : next_[kStart + d]);
}

template <typename Entry>
uint32_t BasicMoveAutomaton<Entry>::run(const std::vector<Dir>& moves) const {
  uint32_t state = kStart;
  for (Dir d : moves) {
    state = next(state, d);
    if (state == kDead) return kDead;
  }
  return state;
}

template class BasicMoveAutomaton<uint16_t>;
template class BasicMoveAutomaton<uint32_t>;

std::vector<std::string> shipped_duplicate_moves() {
  static constexpr const char* kStrings[] = {
#include "search/duplicate_moves.inc"
  };
  return std::vector<std::string>(std::begin(kStrings), std::end(kStrings));
}

std::vector<DuplicateMoves> shipped_deep_duplicate_moves() {
  struct Pair {
    const char* moves;
    const char* twin;
  };
  static constexpr Pair kPairs[] = {
#include "search/duplicate_moves_14.inc"
  };
  std::vector<DuplicateMoves> out;
  out.reserve(std::size(kPairs));
  for (const Pair& p : kPairs) out.push_back({p.moves, p.twin});
  return out;
}

const MoveAutomaton& MoveAutomaton::standard() {
  static const MoveAutomaton automaton(shipped_duplicate_moves());
  return automaton;
}

const DeepMoveAutomaton& DeepMoveAutomaton::standard() {
  static const DeepMoveAutomaton automaton = [] {
    std::vector<std::string> strings;
    for (DuplicateMoves& d : shipped_deep_duplicate_moves()) strings.push_back(std::move(d.moves));
    return DeepMoveAutomaton(strings);
  }();
  return automaton;
}

}  // namespace taquin
