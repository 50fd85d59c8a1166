// Well-formed UTF-8, as the CLI's diagnostics and JSON records check it.
#pragma once

#include <cstddef>
#include <string_view>

namespace taquin::cli {

// Length of the well-formed UTF-8 sequence at text[i] (1 to 4), or 0 when the bytes there are
// not one (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
size_t utf8_length(std::string_view text, size_t i);

}  // namespace taquin::cli
