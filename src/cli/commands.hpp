#pragma once
// The subcommand table: each entry is {name, help, setup}. main() only dispatches.
#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace cli {

// Exit codes: 0 success, 1 wrong inputs (located errors printed), 2 usage errors.
constexpr int k_exit_ok = 0;
constexpr int k_exit_input = 1;
constexpr int k_exit_usage = 2;

// A subcommand: its name and one-line help, and how to set it up.
struct Command {
    std::string name;
    std::string help;
    // Adds the command's options to `sub` and returns the function that runs it.
    std::function<std::function<int()>(CLI::App& sub)> setup;
};

// Every subcommand, in the order `--help` lists them.
const std::vector<Command>& commands();

// Parses argv and runs the chosen command; returns the process exit code.
int run(int argc, char** argv);

}  // namespace cli
