# Writes the C++ source that says which commit the tool is built from (src/cli/version.hpp).
# Run by CMake at every build, so the commit is the one built, not the one configured; the file
# is rewritten only when its text changes, so an unchanged commit recompiles nothing.
# Usage: cmake -DSOURCE_DIR=... -DOUTPUT=... -P write_build_commit.cmake
set(commit "unknown")
find_program(GIT git)
if(GIT)
  execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE head OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
  if(NOT failed AND head MATCHES "^[0-9a-f]+$")
    set(commit "${head}")
    # Tracked files changed since that commit: the binary is not that commit's.
    execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
                    OUTPUT_VARIABLE changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT changes STREQUAL "")
      string(APPEND commit "-modified")
    endif()
  endif()
endif()
file(CONFIGURE OUTPUT "${OUTPUT}" CONTENT "// Written by src/cli/write_build_commit.cmake at build time.
#include \"cli/version.hpp\"

const char* cli::build_commit() { return \"${commit}\"; }
" @ONLY)
