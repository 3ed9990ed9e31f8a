# Writes podarchive.1 with help2man from the tool's own help: the synopsis and options of
# `podarchive --help`, then a section of each command's `podarchive help <command>`, so the man
# page says what the binary says; OUTPUT is the page gzipped, as Debian installs man pages.
# Usage: cmake -DBINARY=... -DHELP2MAN=... -DOUTPUT=.../podarchive.1.gz -P write_man_page.cmake
execute_process(COMMAND "${BINARY}" --help OUTPUT_VARIABLE help RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${BINARY} --help failed")
endif()
set(include "[DESCRIPTION]\npodarchive turns a podcast's feed, its listings on directories and hand-written notes into a\nbrowsable archive website and a regenerated RSS feed, ready for GitHub Pages. Run it in the folder\nof a site's site.yaml; `podarchive init` makes one.\n\n[COMMANDS]\n")
string(REGEX MATCHALL "\n  [a-z]+ " commands "${help}")
foreach(command IN LISTS commands)
  string(STRIP "${command}" command)
  execute_process(COMMAND "${BINARY}" help ${command} OUTPUT_VARIABLE text RESULT_VARIABLE failed)
  if(NOT failed)
    string(REPLACE "\\" "\\\\" text "${text}")
    string(REGEX REPLACE "\n-" "\n\\\\-" text "${text}")
    string(APPEND include ".SS ${command}\n.nf\n${text}.fi\n")
  endif()
endforeach()
string(APPEND include "\n[FILES]\n.TP\nsite.yaml\nThe site's settings and sources (docs/site-yaml.md in /usr/share/doc/podarchive lists every key).\n.TP\ncontent/sources/\nThe sources' snapshots that fetch refreshes, the items a feed's host no longer lists (feed.kept.xml) and the episodes a directory's page no longer lists (apple.kept.json).\n")
get_filename_component(dir "${OUTPUT}" DIRECTORY)
file(WRITE "${dir}/podarchive.h2m" "${include}")
execute_process(COMMAND "${HELP2MAN}" --no-info --no-discard-stderr --section=1 --name "static site generator for podcast archives"
                        --include "${dir}/podarchive.h2m" --output "${dir}/podarchive.1" "${BINARY}"
                RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "help2man failed")
endif()
# -n: no name or time stamp in the archive, so the same help gives the same bytes.
execute_process(COMMAND gzip -9nf "${dir}/podarchive.1" RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "gzip failed")
endif()
file(RENAME "${dir}/podarchive.1.gz" "${OUTPUT}")
