// Ctrl-C, SIGTERM and SIGHUP: the first stops the searches cleanly, a second kills the process.
#include "cli/interrupt.hpp"

#include <signal.h>

#include <cstdio>
#include <iostream>

namespace taquin::cli {

namespace {

std::atomic<bool> interrupted{false};
std::atomic<int> interrupt_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "the signal handler may only touch lock-free atomics");

extern "C" void on_interrupt(int signal) {
  interrupt_signal.store(signal, std::memory_order_relaxed);
  interrupted.store(true, std::memory_order_relaxed);
}

void set_handler(int signal, void (*handler)(int), int flags) {
  struct sigaction action {};
  action.sa_handler = handler;
  action.sa_flags = flags;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, nullptr);
}

}  // namespace

InterruptWatch::InterruptWatch() {
  interrupted.store(false);
  interrupt_signal.store(0);
  // SA_RESETHAND: the handler runs once; a second signal takes the default action (exit).
  for (int s : {SIGINT, SIGTERM, SIGHUP}) set_handler(s, on_interrupt, SA_RESETHAND);
}

InterruptWatch::~InterruptWatch() {
  for (int s : {SIGINT, SIGTERM, SIGHUP}) set_handler(s, SIG_DFL, 0);
}

const std::atomic<bool>* InterruptWatch::flag() const {
  return &interrupted;
}

int InterruptWatch::signal() const {
  return interrupt_signal.load();
}

void print_interrupted(int signal, const Instance& instance, const SearchResult& result) {
  const Stats& s = result.stats;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.6f", s.seconds);
  const char* name = signal == SIGTERM ? "SIGTERM" : signal == SIGHUP ? "SIGHUP" : "SIGINT";
  std::cerr << "taquin: interrupted by " << name << " while solving " << instance.source << ":"
            << instance.line << '\n'
            << "taquin: nodes expanded: " << s.nodes_expanded
            << ", nodes generated: " << s.nodes_generated << ", seconds: " << seconds
            << ", lower bound: " << result.lower_bound << '\n';
}

}  // namespace taquin::cli
