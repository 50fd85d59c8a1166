// Ctrl-C, SIGTERM and SIGHUP: the first stops the searches cleanly, a second kills the process.
#pragma once

#include <atomic>

#include "taquin/io.hpp"
#include "taquin/search/result.hpp"

namespace taquin::cli {

// Ctrl-C, SIGTERM and SIGHUP (the terminal closed) while it lives: the first one sets the flag
// searches poll (Limits::cancel) and leaves the process running, so that the finished records can
// be printed; a second one kills the process as usual. One at a time.
class InterruptWatch {
 public:
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;
  // The flag for Limits::cancel.
  const std::atomic<bool>* flag() const;
  // The signal received (SIGINT, SIGTERM, SIGHUP), or 0.
  int signal() const;
  // The exit status of a run it stopped: 128 + the signal.
  int exit_status() const { return 128 + signal(); }
};

// Prints on stderr what an interrupted search had done: the instance, its statistics and the
// lower bound it proved (docs/output.md, "Interrupted").
void print_interrupted(int signal, const Instance& instance, const SearchResult& result);

}  // namespace taquin::cli
