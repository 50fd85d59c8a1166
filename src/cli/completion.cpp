// `taquin completion man|bash|zsh`: the man page and the shell completions, written from the CLI's
// own command tree (every subcommand, option and choice, as registered), so they never drift.
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command.hpp"

namespace taquin::cli {
namespace {

// One option of a command, as the documents need it.
struct OptionDoc {
  std::vector<std::string> names;    // "--algorithm", "-a"
  std::string value;                 // the value's type ("TEXT"), empty for a flag
  std::vector<std::string> choices;  // a set of allowed values, when CLI11 checks one
  std::string description;
  bool positional = false;  // an argument without a name (files)
};

// A command and its subcommands.
struct CommandDoc {
  std::vector<std::string> path;  // {"pdb", "build"}; empty for taquin itself
  std::string description;
  std::vector<OptionDoc> options;
  std::vector<CommandDoc> subcommands;
};

// The choices of a type name such as "TEXT:{ida,astar,bfs}" (CLI11's IsMember), else none.
std::vector<std::string> choices_of(const std::string& type_name) {
  const size_t open = type_name.find('{'), close = type_name.rfind('}');
  std::vector<std::string> out;
  if (open == std::string::npos || close == std::string::npos || close < open) return out;
  std::stringstream items(type_name.substr(open + 1, close - open - 1));
  for (std::string item; std::getline(items, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

CommandDoc describe(const CLI::App& app, std::vector<std::string> path) {
  CommandDoc doc;
  doc.path = std::move(path);
  doc.description = app.get_description();
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->get_group().empty()) continue;  // hidden
    OptionDoc option;
    option.positional = !opt->nonpositional();
    for (const std::string& name : opt->get_lnames()) option.names.push_back("--" + name);
    for (const std::string& name : opt->get_snames()) option.names.push_back("-" + name);
    if (option.positional) option.names = {opt->get_name()};
    // A flag has no type name (and the help flag of a subcommand a nonzero type size).
    const std::string type = opt->get_type_name();
    if (opt->get_type_size_max() > 0 && !type.empty()) {
      option.value = type.substr(0, type.find(':'));
      if (option.value.empty()) option.value = "VALUE";
      option.choices = choices_of(type);
    }
    option.description = opt->get_description();
    doc.options.push_back(std::move(option));
  }
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->get_group().empty()) continue;
    std::vector<std::string> sub_path = doc.path;
    sub_path.push_back(sub->get_name());
    doc.subcommands.push_back(describe(*sub, std::move(sub_path)));
  }
  return doc;
}

std::string joined(const std::vector<std::string>& words, const std::string& separator) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : separator) + w;
  return out;
}

// ---- man page (roff) ----

// `text` safe in a roff line: backslashes and minus signs escaped, no line starting with a dot.
std::string roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
  return out;
}

void man_command(std::ostream& out, const CommandDoc& doc) {
  if (!doc.path.empty()) {
    out << ".SS \"taquin " << roff(joined(doc.path, " ")) << "\"\n"
        << roff(doc.description) << '\n';
  }
  for (const OptionDoc& option : doc.options) {
    out << ".TP\n";
    for (size_t i = 0; i < option.names.size(); ++i)
      out << (i ? ", " : "") << (option.positional ? "\\fI" : "\\fB") << roff(option.names[i])
          << "\\fR";
    if (!option.positional && !option.value.empty()) out << " \\fI" << roff(option.value) << "\\fR";
    out << '\n' << roff(option.description);
    if (!option.choices.empty()) out << " (" << roff(joined(option.choices, ", ")) << ")";
    out << '\n';
  }
  for (const CommandDoc& sub : doc.subcommands) man_command(out, sub);
}

void write_man(std::ostream& out, const CommandDoc& root) {
  out << ".\\\" The man page of taquin, written by `taquin completion man` from its commands.\n"
      << ".TH TAQUIN 1 \"\" \"taquin 0.1.0\" \"User Commands\"\n"
      << ".SH NAME\ntaquin \\- optimal sliding-tile puzzle solver\n"
      << ".SH SYNOPSIS\n.B taquin\n.I command\n[\\fIoptions\\fR] [\\fIfiles\\fR...]\n"
      << ".SH DESCRIPTION\n"
      << roff(root.description) << "\n.PP\n"
      << "Boards are read from files, standard input or \\fB\\-\\-board\\fR, one a line (N\\(S2 "
         "numbers, 0 the blank) or in the 42 format; results go to standard output "
         "(\\fB\\-\\-format json\\fR: one object a line, in input order), diagnostics to "
         "standard error. \\fBtaquin\\fR \\fIcommand\\fR \\fB\\-\\-help\\fR lists a command's "
         "options.\n"
      << ".SH OPTIONS\n";
  for (const OptionDoc& option : root.options) {
    out << ".TP\n\\fB" << roff(joined(option.names, ", ")) << "\\fR\n"
        << roff(option.description) << '\n';
  }
  out << ".SH COMMANDS\n";
  for (const CommandDoc& sub : root.subcommands) man_command(out, sub);
  out << ".SH EXIT STATUS\n"
      << ".TP\n0\nEvery board was handled.\n"
      << ".TP\n1\nA board is unsolvable, or a search stopped at a limit.\n"
      << ".TP\n2\nBad input or usage (one line on standard error names the file, the line and "
         "the problem).\n"
      << ".TP\n3\nInternal error.\n"
      << ".SH ENVIRONMENT\n.TP\n.B TAQUIN_PDB_DIR\nWhere pattern databases are looked for and "
         "built (default: $XDG_DATA_HOME/taquin, else ~/.local/share/taquin).\n"
      << ".SH SEE ALSO\nThe documents of the source tree: README.md, docs/output.md (the output "
         "contract), docs/api.md (the C++ library), docs/python.md (the Python module).\n";
}

// ---- bash ----

// The option names of `doc` that take a value, and those with choices, for the case arms.
void bash_command(std::ostream& out, const CommandDoc& doc) {
  const std::string key = joined(doc.path, " ");
  std::vector<std::string> words, valued;
  bool files = false;
  for (const OptionDoc& option : doc.options) {
    if (option.positional) {
      files = true;
      continue;
    }
    for (const std::string& name : option.names) {
      words.push_back(name);
      if (!option.value.empty()) valued.push_back(name);
    }
  }
  for (const CommandDoc& sub : doc.subcommands) words.push_back(sub.path.back());
  out << "    \"" << key << "\")\n";
  for (const OptionDoc& option : doc.options) {
    if (option.positional || option.value.empty()) continue;
    out << "      case \"$prev\" in " << joined(option.names, "|") << ")\n";
    if (!option.choices.empty())
      out << "        COMPREPLY=($(compgen -W \"" << joined(option.choices, " ")
          << "\" -- \"$cur\")); return ;;\n";
    else
      out << "        compopt -o default 2>/dev/null; COMPREPLY=(); return ;;\n";
    out << "      esac\n";
  }
  out << "      words_here=\"" << joined(words, " ") << "\"; files=" << (files ? 1 : 0) << " ;;\n";
  for (const CommandDoc& sub : doc.subcommands) bash_command(out, sub);
}

void write_bash(std::ostream& out, const CommandDoc& root) {
  out << "# bash completion of taquin, written by `taquin completion bash` from its commands.\n"
      << "_taquin() {\n"
      << "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
      << "  local path=\"\" word i words_here=\"\" files=0\n"
      << "  # The command path: the words before the cursor that name subcommands.\n"
      << "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      << "    word=${COMP_WORDS[i]}\n"
      << "    case \"$word\" in -*) continue ;; esac\n"
      << "    case \" $(_taquin_subcommands \"$path\") \" in\n"
      << "      *\" $word \"*) path=${path:+$path }$word ;;\n"
      << "    esac\n"
      << "  done\n"
      << "  case \"$path\" in\n";
  bash_command(out, root);
  out << "  esac\n"
      << "  if [[ $cur == -* || $files == 0 ]]; then\n"
      << "    COMPREPLY=($(compgen -W \"$words_here\" -- \"$cur\"))\n"
      << "  else\n"
      << "    compopt -o default 2>/dev/null\n"
      << "    COMPREPLY=($(compgen -W \"$words_here\" -- \"$cur\"))\n"
      << "  fi\n"
      << "}\n"
      << "# The subcommands of a command path.\n"
      << "_taquin_subcommands() {\n"
      << "  case \"$1\" in\n";
  std::vector<const CommandDoc*> stack = {&root};
  while (!stack.empty()) {
    const CommandDoc* doc = stack.back();
    stack.pop_back();
    std::vector<std::string> names;
    for (const CommandDoc& sub : doc->subcommands) {
      names.push_back(sub.path.back());
      stack.push_back(&sub);
    }
    if (!names.empty())
      out << "    \"" << joined(doc->path, " ") << "\") echo \"" << joined(names, " ") << "\" ;;\n";
  }
  out << "  esac\n"
      << "}\n"
      << "complete -F _taquin taquin\n";
}

// ---- zsh ----

// `text` inside a single-quoted _arguments spec: quotes, brackets and colons escaped; first line.
std::string zsh_text(std::string text) {
  text = text.substr(0, text.find('\n'));
  std::string out;
  for (char c : text) {
    if (c == '\'')
      out += "'\\''";
    else if (c == '[' || c == ']' || c == ':' || c == '\\')
      out += std::string("\\") + c;
    else
      out += c;
  }
  return out;
}

std::string zsh_function(const CommandDoc& doc) {
  return "_taquin" + (doc.path.empty() ? "" : "_" + joined(doc.path, "_"));
}

void zsh_command(std::ostream& out, const CommandDoc& doc) {
  for (const CommandDoc& sub : doc.subcommands) zsh_command(out, sub);
  out << zsh_function(doc) << "() {\n";
  const bool has_subs = !doc.subcommands.empty();
  if (has_subs) out << "  local curcontext=\"$curcontext\" state line\n  typeset -A opt_args\n";
  out << "  _arguments -s" << (has_subs ? " -C" : "");
  bool files = false;
  for (const OptionDoc& option : doc.options) {
    if (option.positional) {
      files = true;
      continue;
    }
    std::string spec = option.names.size() > 1 ? "'(" + joined(option.names, " ") + ")'{" +
                                                     joined(option.names, ",") + "}'"
                                               : "'" + option.names[0];
    spec += "[" + zsh_text(option.description) + "]";
    if (!option.value.empty()) {
      spec += ":" + zsh_text(option.value) + ":";
      // Choices as listed; text may be a file; numbers are typed.
      spec += !option.choices.empty()  ? "(" + joined(option.choices, " ") + ")"
              : option.value == "TEXT" ? "_files"
                                       : " ";
    }
    out << " \\\n    " << spec << "'";
  }
  if (has_subs) {
    out << " \\\n    '1:command:->command' \\\n    '*::argument:->argument'\n";
    out << "  case $state in\n    command)\n      local -a commands=(\n";
    for (const CommandDoc& sub : doc.subcommands)
      out << "        '" << zsh_text(sub.path.back()) << ":" << zsh_text(sub.description) << "'\n";
    out << "      )\n      _describe command commands ;;\n    argument)\n      case $line[1] in\n";
    for (const CommandDoc& sub : doc.subcommands)
      out << "        " << sub.path.back() << ") " << zsh_function(sub) << " ;;\n";
    out << "      esac ;;\n  esac\n";
  } else {
    if (files) out << " \\\n    '*:file:_files'";
    out << '\n';
  }
  out << "}\n";
}

void write_zsh(std::ostream& out, const CommandDoc& root) {
  out << "#compdef taquin\n"
      << "# zsh completion of taquin, written by `taquin completion zsh` from its commands.\n";
  zsh_command(out, root);
  out << "_taquin \"$@\"\n";
}

void setup_completion(CLI::App& app, int& exit_code) {
  auto kind = std::make_shared<std::string>();
  CLI::App* sub = app.add_subcommand(
      "completion",
      "Print the man page (man) or the bash or zsh completion script (bash, zsh) of taquin");
  sub->add_option("kind", *kind, "man, bash or zsh")
      ->required()
      ->check(CLI::IsMember({"man", "bash", "zsh"}));
  sub->callback([kind, &app, &exit_code] {
    const CommandDoc root = describe(app, {});
    if (*kind == "man")
      write_man(std::cout, root);
    else if (*kind == "bash")
      write_bash(std::cout, root);
    else
      write_zsh(std::cout, root);
    exit_code = kExitOk;
  });
}

const RegisterCommand registered_completion(90, setup_completion);

}  // namespace
}  // namespace taquin::cli
