# What the scripts that write generated sources (embed_theme.cmake, search/embed_stemmers.cmake)
# share. They include this file and are given TERSER, Debian's terser.

# embed(name path): appends the bytes of `path` to `body` as the C++ array `name`, of
# `${name}_size` bytes.
function(embed name path)
  file(READ "${path}" hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
  set(body "${body}const char ${name}[] = {${bytes} 0};\n" PARENT_SCOPE)
  set(${name}_size ${size} PARENT_SCOPE)
endfunction()


# minify(source output preamble): `source`, a script, as terser makes it smaller (what a
# listener's browser fetches is a third of the commented source), with one comment line first.
# (`preamble` holds no single quote.)
function(minify source output preamble)
  # (Debian's terser finds its modules through NODE_PATH when the machine's node is not Debian's)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs:/usr/lib/nodejs
            "${TERSER}" "${source}" --compress --mangle
            --format "comments=false,preamble='// ${preamble}'"
            --output "${output}"
    RESULT_VARIABLE failed ERROR_VARIABLE why)
  if(failed)
    message(FATAL_ERROR "terser could not read ${source}: ${why}")
  endif()
endfunction()
