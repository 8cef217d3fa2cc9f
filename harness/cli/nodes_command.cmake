# `arbiter nodes`: node-count tables and the baseline gate (harness/nodes).
if(NOT TARGET arbiter_nodes)
  # A build folder whose cached ARBITER_HARNESS_ROOMS predates harness/nodes.
  add_subdirectory(${PROJECT_SOURCE_DIR}/harness/nodes ${CMAKE_BINARY_DIR}/harness/nodes)
endif()
target_link_libraries(arbiter PRIVATE arbiter_nodes)

if(TARGET minimax AND TARGET alphabeta AND TARGET alphabeta-mvvlva AND TARGET alphabeta-mvvlva-tt)
  # The CI gate: the reduced suite of our four search engines with both evaluations against
  # results/nodes-baseline.json (scripts/node-table holds the suite). The Markdown summary is
  # left in the build folder for CI job summaries.
  add_test(NAME nodes_gate
           COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/node-table --check
                   --bin $<TARGET_FILE_DIR:minimax> --arbiter $<TARGET_FILE:arbiter>
                   --concurrency 2 --summary ${CMAKE_BINARY_DIR}/nodes-summary.md
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  # The gate must fail, with a readable diff, when a count differs from the baseline: minimax
  # visits 21 nodes at depth 1 after 1. e4, the fabricated baseline says 22.
  add_test(NAME nodes_gate_fails_on_changed_count
           COMMAND bash -c [[
out=$("$0" nodes --engine "name=minimax,cmd=$1,option.Eval=material" --fen startpos \
      --moves e2e4 --depth 1 --concurrency 1 \
      --baseline harness/nodes/testdata/changed-count-baseline.json 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] && echo "$out" | grep -Eq '^minimax +startpos \+ e2e4 +1 +nodes +22 +21 +-4\.55%$'
]] $<TARGET_FILE:arbiter> $<TARGET_FILE:minimax>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(nodes_gate nodes_gate_fails_on_changed_count PROPERTIES LABELS unit)
endif()
