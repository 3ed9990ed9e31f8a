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
# Without git (README line 1 installs no git), the commit is read from .git itself: HEAD, then
# the branch it names, loose or packed.
set(dot_git "${SOURCE_DIR}/.git")
if(commit STREQUAL "unknown" AND EXISTS "${dot_git}/HEAD")
  file(READ "${dot_git}/HEAD" head)
  string(STRIP "${head}" head)
  if(head MATCHES "^ref: (.+)$")
    set(ref "${CMAKE_MATCH_1}")
    set(head "")
    if(EXISTS "${dot_git}/${ref}")
      file(READ "${dot_git}/${ref}" head)
      string(STRIP "${head}" head)
    elseif(EXISTS "${dot_git}/packed-refs")
      file(STRINGS "${dot_git}/packed-refs" packed REGEX " ${ref}$")
      if(packed MATCHES "^([0-9a-f]+) ")
        set(head "${CMAKE_MATCH_1}")
      endif()
    endif()
  endif()
  if(head MATCHES "^[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]")
    string(SUBSTRING "${head}" 0 12 commit)
    string(APPEND commit ", read from .git without git: local changes not checked")
  endif()
elseif(commit STREQUAL "unknown")
  set(commit "unknown: built from a copy without .git")
endif()
file(CONFIGURE OUTPUT "${OUTPUT}" CONTENT "// Written by src/cli/write_build_commit.cmake at build time.
#include \"cli/version.hpp\"

const char* cli::build_commit() { return \"${commit}\"; }
" @ONLY)
