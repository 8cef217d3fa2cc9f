# The `slurm` test (issue 11): a private single-node Slurm cluster plays a sharded tournament of
# our six engines, which must equal a single-process run game for game; then a cancelled array
# task is re-submitted and merged (scripts/slurm/end-to-end-test). Needs slurm-wlm, munge and
# sqlite3 (scripts/setup) and root.
if(TARGET random AND TARGET greedy AND TARGET minimax AND TARGET alphabeta
   AND TARGET alphabeta-mvvlva AND TARGET alphabeta-mvvlva-tt)
  add_test(NAME slurm_sharded_tournament
           COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/slurm/end-to-end-test $<TARGET_FILE:arbiter>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(slurm_sharded_tournament PROPERTIES LABELS slurm TIMEOUT 900
                                                        RESOURCE_LOCK slurm_cluster COST 90)
endif()

# `arbiter tournament --shard`, `merge` and `status` as a user runs them, with mock engines.
arbiter_test(shard_cli_test SOURCES shard_cli_test.cpp LIBS arbiter_store LABELS e2e)
target_compile_definitions(shard_cli_test PRIVATE ARBITER_PATH="$<TARGET_FILE:arbiter>"
                                                  MOCK_ENGINE_PATH="$<TARGET_FILE:mock_engine>")
add_dependencies(shard_cli_test arbiter mock_engine)

# One SPRT pooled over three shard processes (issue 24), a fourth run after the verdict, and a
# shard killed mid-batch.
if(TARGET pruning AND TARGET alphabeta-mvvlva)
  add_test(NAME pooled_sprt_shards
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/pool_cli_test.sh $<TARGET_FILE:arbiter>
                   $<TARGET_FILE_DIR:pruning>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(pooled_sprt_shards PROPERTIES LABELS e2e TIMEOUT 600 COST 25)
endif()

# The pooled SPRT on the same private Slurm cluster (issue 24): 4 array tasks stop on one
# verdict; an SPRT that cannot decide ends inconclusive at the cap (scripts/slurm/pooled-sprt-test).
if(TARGET pruning AND TARGET alphabeta-mvvlva AND TARGET random)
  add_test(NAME slurm_pooled_sprt
           COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/slurm/pooled-sprt-test $<TARGET_FILE:arbiter>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(slurm_pooled_sprt PROPERTIES LABELS slurm TIMEOUT 900
                                                 RESOURCE_LOCK slurm_cluster COST 80)
endif()
