#!/usr/bin/env bash
# bench_rodinia_inputs: bench/rodinia_inputs writes what Rodinia's bfs and
# hotspot read (bench/ompdataperf.sh feeds them these files): a graph whose
# node lines index its edge list exactly, every edge listed from both ends,
# grids of ROWS x COLS values in Rodinia's ranges; the same seed gives the
# same bytes, another seed other bytes; bad arguments a usage line and 2.
source "$OI_SRC/tests/lib.sh"
generate="$OI_BUILD/bin/rodinia_inputs"
"$generate" bfs 2000 6 7 graph.txt
"$generate" bfs 2000 6 7 graph_again.txt
"$generate" bfs 2000 6 8 graph_other.txt
"$generate" bfs 500 3 1 graph_sparse.txt
cmp -s graph.txt graph_again.txt || fail "bfs: the same seed gave different graphs"
! cmp -s graph.txt graph_other.txt || fail "bfs: seeds 7 and 8 gave the same graph"
"$generate" hotspot 32 48 3 temp power
"$generate" hotspot 32 48 3 temp_again power_again
cmp -s temp temp_again && cmp -s power power_again || fail "hotspot: the same seed gave different grids"
"$OI_PYTHON" - graph.txt temp power graph_sparse.txt <<'PY'
import sys
from collections import Counter

def check_graph(path, expected_nodes, low, high):
    """the layout of one graph, with low..high edge entries a node on average"""
    # read as bfs.cpp does: whitespace-separated integers
    words = [int(w) for w in open(path).read().split()]
    nodes = words[0]
    assert nodes == expected_nodes, nodes
    heads = [(words[1 + 2 * i], words[2 + 2 * i]) for i in range(nodes)]
    at = 1 + 2 * nodes
    source, edge_count = words[at], words[at + 1]
    edges = [(words[at + 2 + 2 * e], words[at + 3 + 2 * e]) for e in range(edge_count)]
    assert at + 2 + 2 * edge_count == len(words), "trailing data after the edge list"
    assert source == 0, source
    # the node lines tile the edge list in order, every node has an edge
    start = 0
    for node, (first, count) in enumerate(heads):
        assert first == start and count >= 1, (node, first, count, start)
        start += count
    assert start == edge_count, (start, edge_count)
    # 1..DEGREE-1 undirected edges a node, each listed from both ends:
    # DEGREE entries a node on average
    assert low <= edge_count / nodes <= high, edge_count / nodes
    assert all(0 <= to < nodes and 1 <= cost <= 10 for to, cost in edges)
    directed = Counter()
    for node, (first, count) in enumerate(heads):
        for to, cost in edges[first:first + count]:
            directed[(node, to, cost)] += 1
    for (a, b, cost), n in directed.items():
        assert directed[(b, a, cost)] == n, f"edge {a}->{b} ({cost}) without its reverse"

check_graph(sys.argv[1], 2000, 5.0, 7.0)
# DEGREE 3 (1 or 2 edges a node): the edge list holds every node's edges,
# however many the nodes before it drew
check_graph(sys.argv[4], 500, 2.7, 3.3)
for path, low, high in ((sys.argv[2], 323.0, 343.0), (sys.argv[3], 0.0, 0.0005)):
    values = [float(line) for line in open(path)]
    assert len(values) == 32 * 48, (path, len(values))
    assert all(low <= v <= high for v in values), path
    assert len(set(values)) > len(values) // 2, f"{path}: too few distinct values"
PY
for bad in "bfs 0 6 1 g" "bfs 10 1 1 g" "bfs 10 x 1 g" "hotspot 4 4 1 t" "voronoi 1 1 1 x"; do
  status=0
  # shellcheck disable=SC2086 # the words are the arguments
  "$generate" $bad 2> usage.txt || status=$?
  [ "$status" = 2 ] || fail "rodinia_inputs $bad: exit $status, expected 2"
  grep -q "^usage: rodinia_inputs bfs NODES DEGREE SEED GRAPH_FILE$" usage.txt || fail "rodinia_inputs $bad: $(cat usage.txt)"
done
status=0
"$generate" bfs 10 6 1 no/such/folder/g 2> error.txt || status=$?
[ "$status" = 1 ] && grep -qx "rodinia_inputs: cannot write no/such/folder/g" error.txt ||
  fail "unwritable output: exit $status, $(cat error.txt)"
echo "rodinia_inputs: bfs and hotspot formats, deterministic"
