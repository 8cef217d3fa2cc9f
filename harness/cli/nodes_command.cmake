# `arbiter nodes`: node-count tables and the baseline gate (harness/nodes).
target_link_libraries(arbiter PRIVATE arbiter_nodes)
