# The six engine binaries: each a short main choosing its search features.
set(ARBITER_ENGINES random greedy minimax alphabeta alphabeta-mvvlva alphabeta-mvvlva-tt)
set(engine_paths "")
foreach(engine ${ARBITER_ENGINES})
  add_executable(${engine} ${engine}.cpp)
  target_link_libraries(${engine} PRIVATE arbiter_uci)
  list(APPEND engine_paths "${engine}=$<TARGET_FILE:${engine}>")
endforeach()
list(JOIN engine_paths "," engine_paths)

# Tests that drive the binaries through pipes; they find them through ENGINE_PATHS.
function(arbiter_engine_test name)
  arbiter_test(${name} ${ARGN})
  target_compile_definitions(${name} PRIVATE ENGINE_PATHS="${engine_paths}"
                             ARBITER_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  add_dependencies(${name} ${ARBITER_ENGINES})
endfunction()

arbiter_engine_test(engine_session_test SOURCES engine_session_test.cpp LIBS arbiter_core
                    LABELS unit)
arbiter_engine_test(bench_signature_test SOURCES bench_signature_test.cpp LIBS arbiter_core
                    LABELS unit)
arbiter_engine_test(stockfish_game_test SOURCES stockfish_game_test.cpp LIBS arbiter_core
                    LABELS unit)
